-- Reading only what changed in an inventory list (decision 0090). A phone whose copy of a list is whole at version n
-- asks for the items changed since n instead of all 5 000: each item row keeps the list version its last write made,
-- and the list keeps the first version from which such a partial read can be trusted (a removed item or a new list to
-- compare with changes what no item row can tell).
ALTER TABLE "inventory_list_items" ADD COLUMN "changed_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_lists" ADD COLUMN "whole_from" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every insert and update of an item row, whichever code or cascade wrote it, is stamped with the version its change
-- makes: every change takes the list's row lock first and raises the version once (scope.ts `touch`) after writing its
-- items, so the list's version + 1 read here is that version. A write that raises it before its items (none does) or
-- never would stamp a later version: the item is then sent once more than needed, never missed.
CREATE OR REPLACE FUNCTION skafferi_item_changed_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_version := coalesce((SELECT version FROM inventory_lists WHERE id = NEW.list_id), 0) + 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER inventory_list_items_changed_version BEFORE INSERT OR UPDATE ON inventory_list_items
  FOR EACH ROW EXECUTE FUNCTION skafferi_item_changed_version();
