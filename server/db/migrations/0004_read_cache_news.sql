-- News for the per-instance read caches (server/lib/read-cache.ts, decision 0076): every commit that changes what a
-- kept answer shows tells every instance through the bus's channel (server/lib/bus.ts, BUS_CHANNEL), whoever wrote it
-- — the app, a sync batch, or the wholesaler's ERP straight into the database. A NOTIFY goes out when its transaction
-- commits and not at all when it rolls back; identical payloads of one transaction go out once, so a statement that
-- changes 2 000 rows of one company tells once. The tags are those of read-cache-tags.ts.
CREATE OR REPLACE FUNCTION skafferi_read_news() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tags text[];
  tag text;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    -- Products (shown by prices and lists), user names (lists, order history), and any TRUNCATE: no row to name.
    IF TG_OP = 'TRUNCATE' THEN
      tags := ARRAY['all'];
    ELSE
      tags := ARRAY[TG_ARGV[0]];
    END IF;
  ELSIF TG_TABLE_NAME = 'company_prices' THEN
    tags := ARRAY['prices:' || NEW.company_id, 'prices:' || OLD.company_id];
  ELSIF TG_TABLE_NAME = 'purchase_lists' THEN
    tags := ARRAY['list:' || NEW.id, 'list:' || OLD.id];
  ELSIF TG_TABLE_NAME = 'purchase_list_items' THEN
    tags := ARRAY['list:' || NEW.list_id, 'list:' || OLD.list_id];
  ELSIF TG_TABLE_NAME = 'orders' THEN
    tags := ARRAY['orders:' || NEW.company_id, 'orders:' || OLD.company_id];
  ELSIF TG_TABLE_NAME = 'order_rows' THEN
    -- An order's rows are counted in the history: its company's pages (an order deleted with its rows tells itself).
    tags := ARRAY(SELECT 'orders:' || o.company_id FROM orders o WHERE o.id IN (NEW.order_id, OLD.order_id));
  ELSIF TG_TABLE_NAME = 'companies' THEN
    tags := ARRAY['company:' || coalesce(NEW.id, OLD.id)];
  END IF;
  FOREACH tag IN ARRAY coalesce(tags, '{}') LOOP
    IF tag IS NOT NULL THEN
      PERFORM pg_notify('skafferi_events', '{"type":"rows-changed","tag":"' || tag || '"}');
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_read_news AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION skafferi_read_news('products');
--> statement-breakpoint
CREATE TRIGGER products_read_news_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION skafferi_read_news();
--> statement-breakpoint
CREATE TRIGGER users_read_news AFTER UPDATE OF first_name, last_name OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION skafferi_read_news('users');
--> statement-breakpoint
CREATE TRIGGER companies_read_news AFTER UPDATE OF code OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION skafferi_read_news();
--> statement-breakpoint
CREATE TRIGGER company_prices_read_news AFTER INSERT OR UPDATE OR DELETE ON company_prices
  FOR EACH ROW EXECUTE FUNCTION skafferi_read_news();
--> statement-breakpoint
CREATE TRIGGER company_prices_read_news_truncate AFTER TRUNCATE ON company_prices
  FOR EACH STATEMENT EXECUTE FUNCTION skafferi_read_news();
--> statement-breakpoint
-- A new list has no kept answer yet: only its changes and its deletion tell.
CREATE TRIGGER purchase_lists_read_news AFTER UPDATE OR DELETE ON purchase_lists
  FOR EACH ROW EXECUTE FUNCTION skafferi_read_news();
--> statement-breakpoint
CREATE TRIGGER purchase_lists_read_news_truncate AFTER TRUNCATE ON purchase_lists
  FOR EACH STATEMENT EXECUTE FUNCTION skafferi_read_news();
--> statement-breakpoint
CREATE TRIGGER purchase_list_items_read_news AFTER INSERT OR UPDATE OR DELETE ON purchase_list_items
  FOR EACH ROW EXECUTE FUNCTION skafferi_read_news();
--> statement-breakpoint
CREATE TRIGGER purchase_list_items_read_news_truncate AFTER TRUNCATE ON purchase_list_items
  FOR EACH STATEMENT EXECUTE FUNCTION skafferi_read_news();
--> statement-breakpoint
CREATE TRIGGER orders_read_news AFTER INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION skafferi_read_news();
--> statement-breakpoint
CREATE TRIGGER orders_read_news_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION skafferi_read_news();
--> statement-breakpoint
CREATE TRIGGER order_rows_read_news AFTER INSERT OR UPDATE OR DELETE ON order_rows
  FOR EACH ROW EXECUTE FUNCTION skafferi_read_news();
--> statement-breakpoint
CREATE TRIGGER order_rows_read_news_truncate AFTER TRUNCATE ON order_rows
  FOR EACH STATEMENT EXECUTE FUNCTION skafferi_read_news();
