-- The audit trail is append-only and hash-chained (issue 5; security checklist, Reliability).
-- 1. Chain the entries written before this migration, per transaction in (created_at, id) order, with
--    the same formula recordActivity uses (src/server/features/transactions/record-activity.ts):
--    sha256 of 'homeward-audit-v1', transaction id, seq, kind, actor ref, created_at in epoch ms,
--    payload as jsonb text and the previous hash, joined by newlines. References only: no names,
--    emails or IP addresses, so erasing personal data never breaks the chain.
-- 2. Forbid UPDATE, DELETE and TRUNCATE with triggers (plain PL/pgSQL: works on PGlite and PostgreSQL).
--    The one update let through is the foreign key's ON DELETE SET NULL of actor_id when a profile is
--    erased: actor_id is not hashed (actor_ref is), and nothing else may change in that update.
CREATE FUNCTION homeward_activity_hash(
  p_transaction_id uuid, p_seq integer, p_kind text, p_actor_ref uuid, p_created_at timestamptz,
  p_payload jsonb, p_prev_hash text
) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(
    'homeward-audit-v1' || E'\n' || p_transaction_id::text || E'\n' || p_seq::text || E'\n' || p_kind || E'\n'
    || coalesce(p_actor_ref::text, '') || E'\n'
    || floor(extract(epoch from p_created_at) * 1000)::bigint::text || E'\n'
    || p_payload::text || E'\n' || coalesce(p_prev_hash, ''),
  'UTF8')), 'hex')
$$;
--> statement-breakpoint
DO $$
DECLARE
  r record;
  last_tx uuid := NULL;
  last_hash text := NULL;
  n integer := 0;
BEGIN
  FOR r IN SELECT id, transaction_id, kind, actor_id, created_at, payload FROM activity_events
           ORDER BY transaction_id, created_at, id LOOP
    IF last_tx IS DISTINCT FROM r.transaction_id THEN
      last_tx := r.transaction_id; last_hash := NULL; n := 0;
    END IF;
    n := n + 1;
    UPDATE activity_events SET seq = n, actor_ref = r.actor_id, prev_hash = last_hash,
      hash = homeward_activity_hash(r.transaction_id, n, r.kind, r.actor_id, r.created_at, r.payload, last_hash)
      WHERE id = r.id
      RETURNING hash INTO last_hash;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION homeward_activity_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.actor_id IS NOT NULL AND NEW.actor_id IS NULL
     AND (to_jsonb(NEW) - 'actor_id') = (to_jsonb(OLD) - 'actor_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'activity_events is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER activity_events_append_only BEFORE UPDATE OR DELETE ON activity_events
  FOR EACH ROW EXECUTE FUNCTION homeward_activity_append_only();
--> statement-breakpoint
CREATE TRIGGER activity_events_no_truncate BEFORE TRUNCATE ON activity_events
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_activity_append_only();
