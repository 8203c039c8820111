-- The cases board's client names and last activity, kept on each matter by the database
-- (schema/firms.ts) so the board reads one row per matter instead of searching participants,
-- the audit trail and the chat for every matter on every request. Run by the triggers below in
-- the same transaction as the write, whichever code path makes it.
--
-- Client names: the people on the move in the matter's side, in the order they joined (then by
-- name); null while nobody has joined (the board shows the name the firm typed, client_name).
CREATE FUNCTION homeward_refresh_matter_clients(tx_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE matters m SET client_names = (
    SELECT array_agg(p.full_name ORDER BY tp.created_at, p.full_name)
    FROM transaction_participants tp JOIN profiles p ON p.id = tp.user_id
    WHERE tp.transaction_id = m.transaction_id AND tp.role = m.side)
  WHERE m.transaction_id = ANY(tx_ids);
$$;
--> statement-breakpoint
CREATE FUNCTION homeward_participants_matter_clients() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM homeward_refresh_matter_clients(ARRAY(SELECT DISTINCT o.transaction_id FROM old_participants o));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM homeward_refresh_matter_clients(ARRAY(
      SELECT o.transaction_id FROM old_participants o UNION SELECT n.transaction_id FROM new_participants n));
  ELSE
    PERFORM homeward_refresh_matter_clients(ARRAY(SELECT DISTINCT n.transaction_id FROM new_participants n));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER participants_matter_clients_insert AFTER INSERT ON transaction_participants
  REFERENCING NEW TABLE AS new_participants
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_participants_matter_clients();
--> statement-breakpoint
CREATE TRIGGER participants_matter_clients_update AFTER UPDATE ON transaction_participants
  REFERENCING OLD TABLE AS old_participants NEW TABLE AS new_participants
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_participants_matter_clients();
--> statement-breakpoint
CREATE TRIGGER participants_matter_clients_delete AFTER DELETE ON transaction_participants
  REFERENCING OLD TABLE AS old_participants
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_participants_matter_clients();
--> statement-breakpoint
-- A renamed person (or an erased account's 'Deleted user') is renamed on every matter of theirs.
CREATE FUNCTION homeward_profile_name_matter_clients() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM homeward_refresh_matter_clients(ARRAY(
    SELECT DISTINCT tp.transaction_id FROM transaction_participants tp WHERE tp.user_id = NEW.id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_name_matter_clients AFTER UPDATE OF full_name ON profiles
  FOR EACH ROW WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name)
  EXECUTE FUNCTION homeward_profile_name_matter_clients();
--> statement-breakpoint
-- A new matter, or one whose side changes, reads its clients (and its last activity) at once.
CREATE FUNCTION homeward_matters_board_columns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM homeward_refresh_matter_clients(ARRAY(SELECT DISTINCT n.transaction_id FROM new_matters n));
  PERFORM homeward_refresh_matter_activity(ARRAY(SELECT DISTINCT n.transaction_id FROM new_matters n));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Last activity: the latest audit entry or chat message of the move. Recomputed in full when a
-- message is deleted; an insert only moves it forward.
CREATE FUNCTION homeward_refresh_matter_activity(tx_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE matters m SET last_activity_at = greatest(
    (SELECT max(e.created_at) FROM activity_events e WHERE e.transaction_id = m.transaction_id),
    (SELECT max(g.created_at) FROM messages g WHERE g.transaction_id = m.transaction_id))
  WHERE m.transaction_id = ANY(tx_ids);
$$;
--> statement-breakpoint
CREATE TRIGGER matters_board_columns_insert AFTER INSERT ON matters REFERENCING NEW TABLE AS new_matters
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_matters_board_columns();
--> statement-breakpoint
CREATE FUNCTION homeward_matter_row_board_columns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM homeward_refresh_matter_clients(ARRAY[NEW.transaction_id]);
  PERFORM homeward_refresh_matter_activity(ARRAY[NEW.transaction_id]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER matters_board_columns_update AFTER UPDATE OF side, transaction_id ON matters
  FOR EACH ROW WHEN (OLD.side IS DISTINCT FROM NEW.side OR OLD.transaction_id IS DISTINCT FROM NEW.transaction_id)
  EXECUTE FUNCTION homeward_matter_row_board_columns();
--> statement-breakpoint
CREATE FUNCTION homeward_activity_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE matters m SET last_activity_at = greatest(m.last_activity_at, x.at)
  FROM (SELECT n.transaction_id, max(n.created_at) AS at FROM new_rows n GROUP BY n.transaction_id) x
  WHERE m.transaction_id = x.transaction_id
    AND (m.last_activity_at IS NULL OR m.last_activity_at < x.at);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER activity_events_matter_activity AFTER INSERT ON activity_events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_activity_forward();
--> statement-breakpoint
CREATE TRIGGER messages_matter_activity_insert AFTER INSERT ON messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_activity_forward();
--> statement-breakpoint
CREATE FUNCTION homeward_messages_deleted_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM homeward_refresh_matter_activity(ARRAY(SELECT DISTINCT o.transaction_id FROM old_rows o));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER messages_matter_activity_delete AFTER DELETE ON messages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_messages_deleted_activity();
--> statement-breakpoint
SELECT homeward_refresh_matter_clients(ARRAY(SELECT transaction_id FROM matters));
--> statement-breakpoint
SELECT homeward_refresh_matter_activity(ARRAY(SELECT transaction_id FROM matters));
