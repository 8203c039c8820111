-- Erasure in the audit trail (issue 7 item 8, UK GDPR art. 17). activity_events stays append-only,
-- with one more narrow exception: inside a transaction that has set `homeward.erasure` to 'on'
-- (SET LOCAL, as deleting an account does: src/server/features/data-rights/delete-account.ts), an
-- UPDATE may change only `summary` (a deleted person's name and email replaced by 'Deleted user') and
-- set `ip` to null. Neither column is hashed (the chain holds references only, migration 0004), so the
-- chain still verifies after an erasure.
CREATE OR REPLACE FUNCTION homeward_activity_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.actor_id IS NOT NULL AND NEW.actor_id IS NULL
     AND (to_jsonb(NEW) - 'actor_id') = (to_jsonb(OLD) - 'actor_id') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND current_setting('homeward.erasure', true) = 'on'
     AND (NEW.ip IS NULL OR NEW.ip IS NOT DISTINCT FROM OLD.ip)
     AND (to_jsonb(NEW) - 'summary' - 'ip') = (to_jsonb(OLD) - 'summary' - 'ip') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'activity_events is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
