-- Issue 11, item 6: a deleted person is shown as 'Former participant' (was 'Deleted user') everywhere:
-- profile name, others' notification titles, chat mentions, signature certificates rendered after the
-- deletion and, from now on, the audit trail (docs/decisions/011-data-rights.md). Entries already
-- redacted keep their wording: they are vouched for by signed 'audit.redacted' entries.
UPDATE profiles SET full_name = 'Former participant', updated_at = now()
 WHERE deleted_at IS NOT NULL AND full_name = 'Deleted user';
--> statement-breakpoint
UPDATE notifications SET title = replace(title, 'Deleted user', 'Former participant')
 WHERE position('Deleted user' in title) > 0
   AND actor_id IN (SELECT id FROM profiles WHERE deleted_at IS NOT NULL);
--> statement-breakpoint
-- The erasure function of migration 0010, with the new wording; its owner and grants are kept.
CREATE OR REPLACE FUNCTION homeward_redact_activity(p_profile_id uuid, p_needles text[])
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
      UPDATE activity_events e SET summary = left(replace(e.summary, btrim(needle), 'Former participant'), 1000),
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
