CREATE TABLE "matter_unread" (
	"profile_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "matter_unread_profile_id_transaction_id_pk" PRIMARY KEY("profile_id","transaction_id"),
	CONSTRAINT "matter_unread_count" CHECK ("matter_unread"."unread" >= 0)
);
--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "postcode" text;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "transaction_status" text;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "fee_earner_name" text;--> statement-breakpoint
ALTER TABLE "matter_unread" ADD CONSTRAINT "matter_unread_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matter_unread" ADD CONSTRAINT "matter_unread_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The cases board's copies of the move on each matter (schema/firms.ts): address, postcode, the
-- move's status and the fee earner's name, so that the board's one statement reads the matter row
-- alone instead of probing properties, transactions and profiles for every matter. A matter takes
-- them when it is made or moved to another move or fee earner; the triggers after this one follow
-- later changes, in the same transaction as the write, whichever code path makes it.
CREATE FUNCTION homeward_matter_copies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT array_to_string(p.address_lines, ', '), p.postcode INTO NEW.address, NEW.postcode
    FROM properties p WHERE p.transaction_id = NEW.transaction_id;
  SELECT t.status INTO NEW.transaction_status FROM transactions t WHERE t.id = NEW.transaction_id;
  SELECT f.full_name INTO NEW.fee_earner_name FROM profiles f WHERE f.id = NEW.fee_earner_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER matters_copies BEFORE INSERT OR UPDATE OF transaction_id, fee_earner_id ON matters
  FOR EACH ROW EXECUTE FUNCTION homeward_matter_copies();
--> statement-breakpoint
CREATE FUNCTION homeward_property_matter_copies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE matters SET address = NULL, postcode = NULL WHERE transaction_id = OLD.transaction_id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.transaction_id IS DISTINCT FROM NEW.transaction_id THEN
    UPDATE matters SET address = NULL, postcode = NULL WHERE transaction_id = OLD.transaction_id;
  END IF;
  UPDATE matters SET address = array_to_string(NEW.address_lines, ', '), postcode = NEW.postcode
    WHERE transaction_id = NEW.transaction_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER properties_matter_copies AFTER INSERT OR DELETE OR UPDATE OF address_lines, postcode, transaction_id
  ON properties FOR EACH ROW EXECUTE FUNCTION homeward_property_matter_copies();
--> statement-breakpoint
CREATE FUNCTION homeward_transaction_status_matter_copies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE matters SET transaction_status = NEW.status WHERE transaction_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_status_matter_copies AFTER UPDATE OF status ON transactions
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION homeward_transaction_status_matter_copies();
--> statement-breakpoint
CREATE FUNCTION homeward_profile_name_matter_fee_earner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE matters SET fee_earner_name = NEW.full_name WHERE fee_earner_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_name_matter_fee_earner AFTER UPDATE OF full_name ON profiles
  FOR EACH ROW WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name)
  EXECUTE FUNCTION homeward_profile_name_matter_fee_earner();
--> statement-breakpoint
UPDATE matters m SET address = array_to_string(p.address_lines, ', '), postcode = p.postcode
  FROM properties p WHERE p.transaction_id = m.transaction_id;
--> statement-breakpoint
UPDATE matters m SET transaction_status = t.status FROM transactions t WHERE t.id = m.transaction_id;
--> statement-breakpoint
UPDATE matters m SET fee_earner_name = f.full_name FROM profiles f WHERE f.id = m.fee_earner_id;
--> statement-breakpoint
-- Unread messages per (current firm member, matter's move), the count the board used to make per
-- matter on every request: messages by others, not deleted, after the member last read their thread.
CREATE FUNCTION homeward_unread_count(tx uuid, viewer uuid) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT count(*)::int FROM messages msg
  WHERE msg.transaction_id = tx AND msg.deleted_at IS NULL AND msg.author_id IS DISTINCT FROM viewer
    AND msg.created_at > coalesce((SELECT tr.last_read_at FROM thread_reads tr
      WHERE tr.thread_id = msg.thread_id AND tr.profile_id = viewer), '-infinity');
$$;
--> statement-breakpoint
-- Recounts the pairs of the moves `tx_ids` and the current members of the firms instructed on them
-- (only those in `profile_ids` when it is not null).
CREATE FUNCTION homeward_refresh_matter_unread(tx_ids uuid[], profile_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO matter_unread AS u (profile_id, transaction_id, unread)
  SELECT x.profile_id, x.transaction_id, homeward_unread_count(x.transaction_id, x.profile_id)
  FROM (SELECT DISTINCT om.profile_id, m.transaction_id FROM matters m
    JOIN organization_members om ON om.organization_id = m.organization_id AND om.removed_at IS NULL
    WHERE m.transaction_id = ANY(tx_ids) AND (profile_ids IS NULL OR om.profile_id = ANY(profile_ids))) x
  ON CONFLICT (profile_id, transaction_id) DO UPDATE SET unread = excluded.unread
    WHERE u.unread IS DISTINCT FROM excluded.unread;
$$;
--> statement-breakpoint
CREATE FUNCTION homeward_messages_matter_unread() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM homeward_refresh_matter_unread(ARRAY(SELECT DISTINCT n.transaction_id FROM new_rows n), NULL);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM homeward_refresh_matter_unread(ARRAY(
      SELECT o.transaction_id FROM old_rows o UNION SELECT n.transaction_id FROM new_rows n), NULL);
  ELSE
    PERFORM homeward_refresh_matter_unread(ARRAY(SELECT DISTINCT o.transaction_id FROM old_rows o), NULL);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER messages_matter_unread_insert AFTER INSERT ON messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_messages_matter_unread();
--> statement-breakpoint
CREATE TRIGGER messages_matter_unread_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_messages_matter_unread();
--> statement-breakpoint
CREATE TRIGGER messages_matter_unread_delete AFTER DELETE ON messages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_messages_matter_unread();
--> statement-breakpoint
CREATE FUNCTION homeward_thread_reads_matter_unread() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM homeward_refresh_matter_unread(
      ARRAY(SELECT DISTINCT th.transaction_id FROM old_rows o JOIN message_threads th ON th.id = o.thread_id),
      ARRAY(SELECT DISTINCT o.profile_id FROM old_rows o));
  ELSE
    PERFORM homeward_refresh_matter_unread(
      ARRAY(SELECT DISTINCT th.transaction_id FROM new_rows n JOIN message_threads th ON th.id = n.thread_id),
      ARRAY(SELECT DISTINCT n.profile_id FROM new_rows n));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER thread_reads_matter_unread_insert AFTER INSERT ON thread_reads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_thread_reads_matter_unread();
--> statement-breakpoint
CREATE TRIGGER thread_reads_matter_unread_update AFTER UPDATE ON thread_reads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_thread_reads_matter_unread();
--> statement-breakpoint
CREATE TRIGGER thread_reads_matter_unread_delete AFTER DELETE ON thread_reads REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_thread_reads_matter_unread();
--> statement-breakpoint
-- A new matter (or one moved to another move or firm) is counted for every member of its firm.
CREATE FUNCTION homeward_matters_matter_unread() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM homeward_refresh_matter_unread(ARRAY(SELECT DISTINCT n.transaction_id FROM new_rows n), NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER matters_matter_unread_insert AFTER INSERT ON matters REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_matters_matter_unread();
--> statement-breakpoint
CREATE FUNCTION homeward_matter_row_unread() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM homeward_refresh_matter_unread(ARRAY[NEW.transaction_id], NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER matters_matter_unread_update AFTER UPDATE OF transaction_id, organization_id ON matters
  FOR EACH ROW WHEN (OLD.transaction_id IS DISTINCT FROM NEW.transaction_id
    OR OLD.organization_id IS DISTINCT FROM NEW.organization_id)
  EXECUTE FUNCTION homeward_matter_row_unread();
--> statement-breakpoint
-- A member who joins (or rejoins) a firm is counted on each of its matters.
CREATE FUNCTION homeward_members_matter_unread() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM homeward_refresh_matter_unread(
    ARRAY(SELECT DISTINCT m.transaction_id FROM new_rows n JOIN matters m ON m.organization_id = n.organization_id
      WHERE n.removed_at IS NULL),
    ARRAY(SELECT DISTINCT n.profile_id FROM new_rows n WHERE n.removed_at IS NULL));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER organization_members_matter_unread_insert AFTER INSERT ON organization_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION homeward_members_matter_unread();
--> statement-breakpoint
CREATE TRIGGER organization_members_matter_unread_update AFTER UPDATE ON organization_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION homeward_members_matter_unread();
--> statement-breakpoint
SELECT homeward_refresh_matter_unread(ARRAY(SELECT DISTINCT transaction_id FROM matters), NULL);
