-- An inventory list's version (decision 0088): one more with every change to the list, its items or counts, under the
-- list's row lock. A count's answer names the version it made, so a phone whose copy of the list was whole just before
-- knows it is whole after, and does not read 5 000 items again after each of its own counts.
ALTER TABLE "inventory_lists" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;
