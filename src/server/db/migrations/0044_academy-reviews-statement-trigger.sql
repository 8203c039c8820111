-- Brings every database to the General-thread trigger that 0018_academy-reviews-tiers.sql now ends
-- with. 0018 was edited after it was first committed (ce72c13, then 05179ac on 25 Nov 2026): its
-- first version left 0005's row trigger (transactions_general_thread, FOR EACH ROW, calling
-- homeward_create_general_thread()), and the edit appended its replacement by a statement trigger
-- (one insert per statement over the new rows). Drizzle never runs a migration twice, so a database
-- migrated before 05179ac still has the row trigger. This migration is idempotent: on such a
-- database it replaces the row trigger; on one migrated since, it re-creates the same function and
-- trigger. Either way it ends as the edited 0018 does.
CREATE OR REPLACE FUNCTION homeward_create_general_threads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_threads (transaction_id, title, topic, created_by, created_at)
    SELECT id, 'General', 'general', created_by, created_at FROM new_transactions
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS transactions_general_thread ON transactions;
--> statement-breakpoint
DROP FUNCTION IF EXISTS homeward_create_general_thread();
--> statement-breakpoint
CREATE TRIGGER transactions_general_thread AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_create_general_threads();
