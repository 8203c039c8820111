ALTER TABLE "matters" ADD COLUMN "board_row_json" text[];--> statement-breakpoint
-- The cases board's row of each matter as ready-made JSON text (schema/firms.ts, board_row_json),
-- so that the board's statement splices stored pieces around the few parts it judges per request
-- (next task due, days since instruction, the SLA clock's status, the viewer's unread count)
-- instead of writing some twenty fields per matter on every request. Every field in the pieces is
-- a column of the matter itself, kept current by the triggers of 0019, 0021 and 0039, each of which
-- writes by updating the matter: so one BEFORE row trigger on matters, named to fire after
-- matters_copies (triggers fire in name order), rebuilds the pieces from the row being written, in
-- the same transaction, whichever path writes. The pieces are written with the same functions as
-- the board used (row_to_json, to_json, json_build_object), so the bytes are the same; timestamps
-- are written in UTC whatever the writer's session, as the app's sessions read them (db/client.ts).
-- Every column is named in the sub-selects: a PL/pgSQL field reference would otherwise be unnamed.
CREATE FUNCTION homeward_matter_board_row() RETURNS trigger LANGUAGE plpgsql SET "TimeZone" = 'UTC' AS $$
DECLARE
  head text;
  dates text;
BEGIN
  SELECT row_to_json(x)::text INTO head FROM (SELECT NEW.id AS matter_id, NEW.transaction_id AS transaction_id,
    NEW.version AS version, NEW.address AS address, NEW.postcode AS postcode,
    coalesce(NEW.client_names, array[NEW.client_name]) AS client_names, NEW.side AS side,
    NEW.current_stage AS stage, NEW.current_stage_blocked AS stage_blocked,
    NEW.transaction_status AS transaction_status, NEW.next_task_title AS next_task) x;
  SELECT row_to_json(x)::text INTO dates FROM (SELECT NEW.instructed_at AS instructed_at,
    NEW.target_exchange_date AS target_exchange_date, NEW.target_completion_date AS target_completion_date) x;
  NEW.board_row_json := ARRAY[
    left(head, -1) || ',"next_task_due":',
    ',' || substr(dates, 2, length(dates) - 2) || ',"sla":',
    ',"last_activity_at":' || coalesce(to_json(greatest(NEW.last_activity_at, NEW.last_ticked_at))::text, 'null')
      || ',"unread_messages":',
    ',"fee_earner":' || CASE WHEN NEW.fee_earner_id IS NULL THEN 'null'
      ELSE json_build_object('id', NEW.fee_earner_id, 'full_name', NEW.fee_earner_name)::text END || '}'];
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER matters_row_json BEFORE INSERT OR UPDATE ON matters
  FOR EACH ROW EXECUTE FUNCTION homeward_matter_board_row();
--> statement-breakpoint
UPDATE matters SET board_row_json = NULL;
