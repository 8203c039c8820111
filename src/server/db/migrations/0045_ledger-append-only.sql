-- The deposits ledger append-only for the application's role, not only against UPDATE of some columns
-- (security battery 2026-12, L5; decision 034 "the ledger's own check ... even if this code were
-- wrong"; roles of decision 012 and migration 0010). Plain SQL and PL/pgSQL: applies on PGlite too.
--
-- 1. A balance moves only through the line trigger. homeward_ledger_apply_line runs as its owner (the
--    migrating role, SECURITY DEFINER with a fixed search_path), so the app's role needs no UPDATE on
--    ledger_accounts; and a trigger refuses any change of balance_pence that is not made from inside
--    another trigger (pg_trigger_depth() > 1), whoever runs it: the owner and PGlite's single user too.
ALTER FUNCTION homeward_ledger_apply_line() SECURITY DEFINER SET search_path = public, pg_temp;
--> statement-breakpoint
CREATE FUNCTION homeward_ledger_balance_by_lines_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'a ledger balance moves only by posting lines: post an entry instead' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_balance_by_lines_only BEFORE UPDATE OF balance_pence ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION homeward_ledger_balance_by_lines_only();
--> statement-breakpoint
-- 2. The app's role (PostgreSQL, when migration 0010 could create it): no UPDATE, DELETE or TRUNCATE on
--    the ledger's lines, entries and accounts, on the approvals, or on a release's payee details.
--    What the app does update stays granted column by column: a release's status, executed_at and
--    partner_payment_id (deposits/releases.ts: execute, cancel; SELECT ... FOR UPDATE needs one
--    updatable column). Deleting a move (or a profile) still cascades: PostgreSQL runs referential
--    actions as the referencing table's owner. Skipped, with a notice, where the role does not exist.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'homeward_app') THEN
    RAISE NOTICE 'homeward: no role homeward_app; the ledger is protected by its triggers only';
    RETURN;
  END IF;
  REVOKE UPDATE, DELETE, TRUNCATE ON ledger_lines, ledger_entries, ledger_accounts, deposit_approvals,
    deposit_releases FROM homeward_app;
  GRANT UPDATE (status, executed_at, partner_payment_id) ON deposit_releases TO homeward_app;
END $$;
