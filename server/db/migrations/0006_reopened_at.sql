-- When an inventory list was last reopened (decision 0062): a close made on a phone that had not yet seen this reopen
-- (an offline close sent after an administrator reopened the list) is refused instead of closing the list again.
ALTER TABLE "inventory_lists" ADD COLUMN "reopened_at" timestamp with time zone;
