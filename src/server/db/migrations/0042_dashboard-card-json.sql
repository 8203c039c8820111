CREATE TABLE "transaction_cards" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"property" json,
	"timeline_stages" json,
	"transaction_participants" json
);
--> statement-breakpoint
ALTER TABLE "transaction_cards" ADD CONSTRAINT "transaction_cards_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The dashboard card's nested parts of each move as ready-made JSON (schema/transactions.ts,
-- transaction_cards), each built by the expression the dashboard statement used to run on every
-- request, verbatim, so the dashboard's JSON stays byte-for-byte the same. The statement triggers
-- below rebuild the part of the moves a write touches, in the same transaction as the write,
-- whichever code path makes it; a move being deleted is skipped (its row goes by the cascade).
CREATE FUNCTION homeward_card_property(tx uuid) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object('address_lines', p.address_lines, 'postcode', p.postcode)
    FROM properties p WHERE p.transaction_id = tx;
$$;
--> statement-breakpoint
CREATE FUNCTION homeward_card_timeline_stages(tx uuid) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT json_agg(json_build_object('status', s.status, 'percent_complete', s.percent_complete,
      'stage_name', s.stage_name) ORDER BY s.sort_index)
    FROM timeline_stages s WHERE s.transaction_id = tx), '[]'::json);
$$;
--> statement-breakpoint
CREATE FUNCTION homeward_card_participants(tx uuid) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT json_agg(json_build_object('user_id', tp.user_id, 'role', tp.role) ORDER BY tp.created_at, tp.id)
    FROM transaction_participants tp WHERE tp.transaction_id = tx), '[]'::json);
$$;
--> statement-breakpoint
CREATE FUNCTION homeward_refresh_card_property(tx_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO transaction_cards AS c (transaction_id, property)
  SELECT t.id, homeward_card_property(t.id) FROM transactions t WHERE t.id = ANY(tx_ids)
  ON CONFLICT (transaction_id) DO UPDATE SET property = excluded.property;
$$;
--> statement-breakpoint
CREATE FUNCTION homeward_refresh_card_timeline_stages(tx_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO transaction_cards AS c (transaction_id, timeline_stages)
  SELECT t.id, homeward_card_timeline_stages(t.id) FROM transactions t WHERE t.id = ANY(tx_ids)
  ON CONFLICT (transaction_id) DO UPDATE SET timeline_stages = excluded.timeline_stages;
$$;
--> statement-breakpoint
CREATE FUNCTION homeward_refresh_card_participants(tx_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO transaction_cards AS c (transaction_id, transaction_participants)
  SELECT t.id, homeward_card_participants(t.id) FROM transactions t WHERE t.id = ANY(tx_ids)
  ON CONFLICT (transaction_id) DO UPDATE SET transaction_participants = excluded.transaction_participants;
$$;
--> statement-breakpoint
-- properties: an insert or delete rebuilds its move's part; an update only when the address,
-- postcode or move changes (or a row's id, which no code does).
CREATE FUNCTION homeward_properties_card() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM homeward_refresh_card_property(ARRAY(SELECT DISTINCT n.transaction_id FROM new_rows n));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM homeward_refresh_card_property(ARRAY(
      SELECT n.transaction_id FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
        WHERE o.id IS NULL OR (o.transaction_id, o.address_lines, o.postcode) IS DISTINCT FROM (n.transaction_id, n.address_lines, n.postcode)
      UNION
      SELECT o.transaction_id FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
        WHERE n.id IS NULL OR (o.transaction_id, o.address_lines, o.postcode) IS DISTINCT FROM (n.transaction_id, n.address_lines, n.postcode)));
  ELSE
    PERFORM homeward_refresh_card_property(ARRAY(SELECT DISTINCT o.transaction_id FROM old_rows o));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER properties_card_insert AFTER INSERT ON properties REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_properties_card();
--> statement-breakpoint
CREATE TRIGGER properties_card_update AFTER UPDATE ON properties REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_properties_card();
--> statement-breakpoint
CREATE TRIGGER properties_card_delete AFTER DELETE ON properties REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_properties_card();
--> statement-breakpoint
-- timeline_stages: an update rebuilds only when a stage's status, percent, name, order or move
-- changes (ticking a task that moves neither leaves the card alone).
CREATE FUNCTION homeward_timeline_stages_card() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM homeward_refresh_card_timeline_stages(ARRAY(SELECT DISTINCT n.transaction_id FROM new_rows n));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM homeward_refresh_card_timeline_stages(ARRAY(
      SELECT n.transaction_id FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
        WHERE o.id IS NULL OR (o.transaction_id, o.sort_index, o.status, o.percent_complete, o.stage_name)
          IS DISTINCT FROM (n.transaction_id, n.sort_index, n.status, n.percent_complete, n.stage_name)
      UNION
      SELECT o.transaction_id FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
        WHERE n.id IS NULL OR (o.transaction_id, o.sort_index, o.status, o.percent_complete, o.stage_name)
          IS DISTINCT FROM (n.transaction_id, n.sort_index, n.status, n.percent_complete, n.stage_name)));
  ELSE
    PERFORM homeward_refresh_card_timeline_stages(ARRAY(SELECT DISTINCT o.transaction_id FROM old_rows o));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER timeline_stages_card_insert AFTER INSERT ON timeline_stages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_timeline_stages_card();
--> statement-breakpoint
CREATE TRIGGER timeline_stages_card_update AFTER UPDATE ON timeline_stages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_timeline_stages_card();
--> statement-breakpoint
CREATE TRIGGER timeline_stages_card_delete AFTER DELETE ON timeline_stages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_timeline_stages_card();
--> statement-breakpoint
-- transaction_participants: an update rebuilds only when a participant's user, role, order or move changes.
CREATE FUNCTION homeward_participants_card() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM homeward_refresh_card_participants(ARRAY(SELECT DISTINCT n.transaction_id FROM new_rows n));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM homeward_refresh_card_participants(ARRAY(
      SELECT n.transaction_id FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
        WHERE o.id IS NULL OR (o.transaction_id, o.user_id, o.role, o.created_at)
          IS DISTINCT FROM (n.transaction_id, n.user_id, n.role, n.created_at)
      UNION
      SELECT o.transaction_id FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
        WHERE n.id IS NULL OR (o.transaction_id, o.user_id, o.role, o.created_at)
          IS DISTINCT FROM (n.transaction_id, n.user_id, n.role, n.created_at)));
  ELSE
    PERFORM homeward_refresh_card_participants(ARRAY(SELECT DISTINCT o.transaction_id FROM old_rows o));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transaction_participants_card_insert AFTER INSERT ON transaction_participants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_participants_card();
--> statement-breakpoint
CREATE TRIGGER transaction_participants_card_update AFTER UPDATE ON transaction_participants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_participants_card();
--> statement-breakpoint
CREATE TRIGGER transaction_participants_card_delete AFTER DELETE ON transaction_participants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_participants_card();
--> statement-breakpoint
INSERT INTO transaction_cards (transaction_id, property, timeline_stages, transaction_participants)
  SELECT t.id, homeward_card_property(t.id), homeward_card_timeline_stages(t.id), homeward_card_participants(t.id)
  FROM transactions t;
