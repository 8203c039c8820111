CREATE TABLE "audit_checkpoints" (
	"transaction_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"head_hash" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"key_id" text NOT NULL,
	"signature" text NOT NULL,
	CONSTRAINT "audit_checkpoints_transaction_id_seq_pk" PRIMARY KEY("transaction_id","seq")
);
--> statement-breakpoint
CREATE TABLE "audit_unsigned_heads" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"head_hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_events" ADD COLUMN "summary_salt" text;--> statement-breakpoint
ALTER TABLE "activity_events" ADD COLUMN "summary_digest" text;--> statement-breakpoint
ALTER TABLE "audit_checkpoints" ADD CONSTRAINT "audit_checkpoints_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_unsigned_heads" ADD CONSTRAINT "audit_unsigned_heads_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_kind_one_line" CHECK (position(E'\n' in "activity_events"."kind") = 0);--> statement-breakpoint
-- Audit chain v2 (issue 19 item 5; docs/decisions/012-audit-chain.md).
-- 1. The entry hash covers every field the trail shows. Canonical form: the lines
--      'homeward-audit-v2', id, transaction_id, seq, kind, actor_ref ('' when none),
--      created_at in epoch microseconds, summary_digest, payload as jsonb text, prev_hash ('' for the first)
--    joined by '\n' (no field can hold a newline: uuids, integers, hex, a one-line kind, jsonb text
--    escapes control characters), UTF-8, SHA-256, lower-case hex.
--    summary_digest = sha256('homeward-audit-summary-v1' \n summary_salt \n summary), hex.
--    Mirrored in Node by src/server/features/activity/audit-canonical.ts; the verifier uses that.
CREATE FUNCTION homeward_activity_summary_digest(p_salt text, p_summary text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to('homeward-audit-summary-v1' || E'\n' || p_salt || E'\n' || p_summary, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
CREATE FUNCTION homeward_activity_hash_v2(
  p_id uuid, p_transaction_id uuid, p_seq integer, p_kind text, p_actor_ref uuid, p_created_at timestamptz,
  p_summary_digest text, p_payload jsonb, p_prev_hash text
) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(
    'homeward-audit-v2' || E'\n' || p_id::text || E'\n' || p_transaction_id::text || E'\n' || p_seq::text
    || E'\n' || p_kind || E'\n' || coalesce(p_actor_ref::text, '') || E'\n'
    || (extract(epoch from p_created_at) * 1000000)::bigint::text || E'\n'
    || p_summary_digest || E'\n' || p_payload::text || E'\n' || coalesce(p_prev_hash, ''),
  'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- 2. Re-chain what was written before, per transaction in seq order, with a fresh salt per summary;
--    each chain's head is left for the server to sign at start (audit_unsigned_heads), as only the
--    server holds the signing key.
ALTER TABLE activity_events DISABLE TRIGGER activity_events_append_only;
--> statement-breakpoint
DO $$
DECLARE
  r record;
  last_tx uuid := NULL;
  last_hash text := NULL;
  salt text;
  digest text;
BEGIN
  FOR r IN SELECT id, transaction_id, seq, kind, actor_ref, created_at, summary, payload FROM activity_events
           WHERE seq IS NOT NULL ORDER BY transaction_id, seq LOOP
    IF last_tx IS DISTINCT FROM r.transaction_id THEN
      last_tx := r.transaction_id; last_hash := NULL;
    END IF;
    salt := replace(gen_random_uuid()::text, '-', '');
    digest := homeward_activity_summary_digest(salt, r.summary);
    UPDATE activity_events SET summary_salt = salt, summary_digest = digest, prev_hash = last_hash,
      hash = homeward_activity_hash_v2(r.id, r.transaction_id, r.seq, r.kind, r.actor_ref, r.created_at,
                                       digest, r.payload, last_hash)
      WHERE id = r.id
      RETURNING hash INTO last_hash;
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE activity_events ENABLE TRIGGER activity_events_append_only;
--> statement-breakpoint
INSERT INTO audit_unsigned_heads (transaction_id, seq, head_hash)
  SELECT DISTINCT ON (transaction_id) transaction_id, seq, hash FROM activity_events
  WHERE seq IS NOT NULL ORDER BY transaction_id, seq DESC;
--> statement-breakpoint
DROP FUNCTION homeward_activity_hash(uuid, integer, text, uuid, timestamptz, jsonb, text);
--> statement-breakpoint
-- 3. Erasure without a setting anyone can SET: the append-only trigger lets a redaction through only
--    when it runs inside homeward_redact_activity (below), a SECURITY DEFINER function, as the table's
--    owner. The session variable `homeward.erasure` of migration 0009 means nothing any more.
CREATE OR REPLACE FUNCTION homeward_activity_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ctx text;
BEGIN
  -- The foreign key's ON DELETE SET NULL when a profile row is removed: actor_ref keeps the hashed id.
  IF TG_OP = 'UPDATE' AND OLD.actor_id IS NOT NULL AND NEW.actor_id IS NULL
     AND (to_jsonb(NEW) - 'actor_id') = (to_jsonb(OLD) - 'actor_id') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    GET DIAGNOSTICS ctx = PG_CONTEXT;
    IF position('function homeward_redact_activity(' in ctx) > 0
       AND current_user = (SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = TG_RELID)
       AND (NEW.ip IS NULL OR NEW.ip IS NOT DISTINCT FROM OLD.ip)
       AND (NEW.summary_salt IS NULL
            OR (NEW.summary = OLD.summary AND NEW.summary_salt IS NOT DISTINCT FROM OLD.summary_salt))
       AND (to_jsonb(NEW) - 'summary' - 'summary_salt' - 'ip') = (to_jsonb(OLD) - 'summary' - 'summary_salt' - 'ip') THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'activity_events is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
-- Checkpoints are append-only too.
CREATE FUNCTION homeward_audit_checkpoints_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_checkpoints is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_checkpoints_append_only BEFORE UPDATE OR DELETE ON audit_checkpoints
  FOR EACH ROW EXECUTE FUNCTION homeward_audit_checkpoints_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_checkpoints_no_truncate BEFORE TRUNCATE ON audit_checkpoints
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_audit_checkpoints_append_only();
--> statement-breakpoint
-- Erases a deleted person (profiles.deleted_at set) from the audit trail of every move they were on:
-- each needle (their former name and email; at most 3, blank or 1-character ones skipped) becomes
-- 'Deleted user' in summaries, the summary's salt is dropped, and their own entries lose their IP.
-- Returns the entries whose summary changed, with the new summary: the caller records them in a signed
-- 'audit.redacted' entry of each chain, which is what lets the verifier accept the new text.
CREATE FUNCTION homeward_redact_activity(p_profile_id uuid, p_needles text[])
  RETURNS TABLE (transaction_id uuid, seq integer, summary text)
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
#variable_conflict use_column
DECLARE
  needle text;
  changed uuid[] := '{}';
  moves uuid[];
  ids uuid[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = p_profile_id AND p.deleted_at IS NOT NULL) THEN
    RAISE EXCEPTION 'homeward_redact_activity: only a deleted account is erased' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF coalesce(array_length(p_needles, 1), 0) > 3 THEN
    RAISE EXCEPTION 'homeward_redact_activity: at most 3 needles' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  SELECT coalesce(array_agg(t.id), '{}') INTO moves FROM transactions t
   WHERE t.buyer_user_id = p_profile_id OR t.seller_user_id = p_profile_id OR t.created_by = p_profile_id
      OR EXISTS (SELECT 1 FROM transaction_participants tp WHERE tp.transaction_id = t.id AND tp.user_id = p_profile_id);
  UPDATE activity_events e SET ip = NULL WHERE e.actor_ref = p_profile_id AND e.ip IS NOT NULL;
  FOREACH needle IN ARRAY coalesce(p_needles, '{}') LOOP
    CONTINUE WHEN needle IS NULL OR char_length(btrim(needle)) < 2;
    WITH u AS (
      UPDATE activity_events e SET summary = left(replace(e.summary, btrim(needle), 'Deleted user'), 1000),
             summary_salt = NULL
       WHERE e.transaction_id = ANY (moves) AND position(btrim(needle) in e.summary) > 0
      RETURNING e.id)
    SELECT coalesce(array_agg(u.id), '{}') INTO ids FROM u;
    changed := changed || ids;
  END LOOP;
  RETURN QUERY SELECT e.transaction_id, e.seq, e.summary FROM activity_events e
    WHERE e.id = ANY (changed) ORDER BY e.transaction_id, e.seq;
END;
$$;
--> statement-breakpoint
-- 4. The application's role (PostgreSQL): a NOLOGIN group `homeward_app` with ordinary rights on every
--    table, but on the audit tables only SELECT and INSERT (no UPDATE, DELETE, TRUNCATE; not the owner,
--    so no ALTER and no DISABLE TRIGGER). Give the login role the server runs as membership
--    (GRANT homeward_app TO <login>) and run migrations as the owner (DATABASE_OWNER_URL). When the
--    migrating role may not create roles, this step is skipped with a notice and the server warns.
DO $$
BEGIN
  BEGIN
    CREATE ROLE homeward_app NOLOGIN;
  EXCEPTION
    WHEN duplicate_object OR unique_violation THEN NULL;
    WHEN insufficient_privilege THEN
      RAISE NOTICE 'homeward: may not create role homeward_app; the audit tables are protected by triggers and signatures only';
      RETURN;
  END;
  GRANT USAGE ON SCHEMA public TO homeward_app;
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO homeward_app;
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO homeward_app;
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO homeward_app;
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO homeward_app;
  REVOKE UPDATE, DELETE, TRUNCATE ON activity_events, audit_checkpoints FROM homeward_app;
  REVOKE INSERT, UPDATE, TRUNCATE ON audit_unsigned_heads FROM homeward_app;
  REVOKE ALL ON FUNCTION homeward_redact_activity(uuid, text[]) FROM PUBLIC;
  GRANT EXECUTE ON FUNCTION homeward_redact_activity(uuid, text[]) TO homeward_app;
END $$;
