-- The deposits ledger's rules in the database itself, so that no code path can break them
-- (src/server/db/schema/deposits.ts; plain PL/pgSQL: works on PGlite and PostgreSQL):
-- 1. Each line moves its account's balance. The update takes the account row's lock, and
--    ledger_accounts_never_overdrawn then refuses a line that would take held_for_buyer (or an
--    outflow account) below zero: a release can never exceed what is held.
-- 2. At commit, every entry's lines sum to zero (a deferred constraint trigger).
-- 3. Lines and entries are never changed afterwards: a correction is a new posting.
CREATE FUNCTION homeward_ledger_apply_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance_pence = balance_pence + NEW.amount_pence WHERE id = NEW.account_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_lines_apply AFTER INSERT ON ledger_lines
  FOR EACH ROW EXECUTE FUNCTION homeward_ledger_apply_line();
--> statement-breakpoint
CREATE FUNCTION homeward_ledger_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  SELECT coalesce(sum(amount_pence), 0) INTO total FROM ledger_lines WHERE entry_id = NEW.entry_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger entry % does not balance: its lines sum to % pence', NEW.entry_id, total
      USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_lines_balanced AFTER INSERT ON ledger_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION homeward_ledger_entry_balanced();
--> statement-breakpoint
CREATE FUNCTION homeward_ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: post a correcting entry instead' USING ERRCODE = '42501';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_lines_immutable BEFORE UPDATE ON ledger_lines
  FOR EACH ROW EXECUTE FUNCTION homeward_ledger_immutable();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OF transaction_id, kind, description, external_ref ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION homeward_ledger_immutable();
