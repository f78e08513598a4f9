-- The read caches' news (migration 0004, decision 0076) told once per tag and transaction (decision 0082). An item add
-- changes two rows of one list (the item and the list's updated_at) and raised `list:<id>` twice: two upserts of the
-- same read_versions row and two pg_notify calls, for one change a reader can see only after the commit. Now a tag this
-- transaction has already raised is skipped: the tags told so far are kept in a transaction-local setting
-- (`skafferi.told`), which a rolled-back savepoint undoes together with its raise, so a sync batch's refused change
-- still leaves the next one to tell. The version is raised by an UPDATE of its row, inserted only the first time a tag
-- is seen (the upsert took the speculative-insert path on every raise). Measured with the add's two row changes in a
-- loop of 3 000 transactions: about half of the trigger's cost per transaction. What is told, to whom, and when is
-- unchanged: every commit that changes a shown row still raises each of its tags and notifies every instance.
CREATE OR REPLACE FUNCTION skafferi_read_news() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  news_tags text[];
  news_tag text;
  told text;
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
  -- ' tag1  tag2 ': each tag told in this transaction, between spaces (no tag has one).
  told := coalesce(current_setting('skafferi.told', true), '');
  FOREACH news_tag IN ARRAY news_tags LOOP
    -- NULL: an INSERT's OLD or a DELETE's NEW. Told already: by this row's other half, or an earlier row or statement.
    CONTINUE WHEN news_tag IS NULL OR strpos(told, ' ' || news_tag || ' ') > 0;
    told := told || ' ' || news_tag || ' ';
    -- Versions are read on PostgreSQL only; PGlite (no autovacuum) turns them off for its one session.
    IF current_setting('skafferi.read_versions', true) IS DISTINCT FROM 'off' THEN
      UPDATE read_versions SET version = version + 1 WHERE tag = news_tag;
      IF NOT FOUND THEN
        INSERT INTO read_versions AS v (tag, version) VALUES (news_tag, 1)
          ON CONFLICT (tag) DO UPDATE SET version = v.version + 1;
      END IF;
    END IF;
    PERFORM pg_notify('skafferi_events', '{"type":"rows-changed","tag":"' || news_tag || '"}');
    PERFORM set_config('skafferi.told', told, true);
  END LOOP;
  RETURN NULL;
END
$$;
