CREATE TABLE "read_versions" (
	"tag" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- News for the per-instance read caches (server/lib/read-cache.ts, decision 0076): every change to what a kept answer
-- shows, whoever wrote it — the app, a sync batch, or the wholesaler's ERP straight into the database — raises its
-- tag's version in read_versions (seen by any read after the commit: PostgreSQL instances check it before serving a
-- kept answer) and tells every instance through the bus's channel (server/lib/bus.ts, BUS_CHANNEL) so that they forget
-- it. A NOTIFY goes out when its transaction commits and not at all when it rolls back; identical payloads of one
-- transaction go out once. The tags are `readTags` of server/lib/read-cache.ts.
CREATE OR REPLACE FUNCTION skafferi_read_news() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  news_tags text[];
  news_tag text;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    -- Products (shown by prices and lists), user names (lists, order history), and any TRUNCATE: no row to name.
    IF TG_OP = 'TRUNCATE' THEN
      news_tags := ARRAY['all'];
    ELSE
      news_tags := ARRAY[TG_ARGV[0]];
    END IF;
  ELSIF TG_TABLE_NAME = 'company_prices' THEN
    news_tags := ARRAY['prices:' || NEW.company_id, 'prices:' || OLD.company_id];
  ELSIF TG_TABLE_NAME = 'purchase_lists' THEN
    news_tags := ARRAY['list:' || NEW.id, 'list:' || OLD.id];
  ELSIF TG_TABLE_NAME = 'purchase_list_items' THEN
    news_tags := ARRAY['list:' || NEW.list_id, 'list:' || OLD.list_id];
  ELSIF TG_TABLE_NAME = 'orders' THEN
    news_tags := ARRAY['orders:' || NEW.company_id, 'orders:' || OLD.company_id];
  ELSIF TG_TABLE_NAME = 'order_rows' THEN
    -- An order's rows are counted in the history: its company's pages (an order deleted with its rows tells itself).
    news_tags := ARRAY(SELECT 'orders:' || o.company_id FROM orders o WHERE o.id IN (NEW.order_id, OLD.order_id));
  ELSIF TG_TABLE_NAME = 'companies' THEN
    news_tags := ARRAY['company:' || coalesce(NEW.id, OLD.id)];
  END IF;
  -- An UPDATE within one company or list names it twice (NEW and OLD): raised once.
  FOREACH news_tag IN ARRAY ARRAY(SELECT DISTINCT t FROM unnest(news_tags) AS t WHERE t IS NOT NULL) LOOP
    -- Versions are read on PostgreSQL only; PGlite (no autovacuum) turns them off for its one session.
    IF current_setting('skafferi.read_versions', true) IS DISTINCT FROM 'off' THEN
      INSERT INTO read_versions AS v (tag, version) VALUES (news_tag, 1)
        ON CONFLICT (tag) DO UPDATE SET version = v.version + 1;
    END IF;
    PERFORM pg_notify('skafferi_events', '{"type":"rows-changed","tag":"' || news_tag || '"}');
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
