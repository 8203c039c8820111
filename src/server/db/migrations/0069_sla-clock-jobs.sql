CREATE TABLE "sla_clock_sync_queue" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD COLUMN "alert_due_at" timestamp with time zone DEFAULT '-infinity'::timestamptz;--> statement-breakpoint
ALTER TABLE "sla_clock_sync_queue" ADD CONSTRAINT "sla_clock_sync_queue_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sla_clocks_alert_due_idx" ON "sla_clocks" USING btree ("alert_due_at") WHERE alert_due_at is not null;--> statement-breakpoint
-- The SLA clock check (core/clocks/check-clocks.ts) costs what changed: a new clock defaults to
-- "look at once", and the rows already there are looked at once unless no alert can come.
UPDATE sla_clocks SET alert_due_at = CASE
  WHEN cancelled_at IS NOT NULL OR breached_notified_at IS NOT NULL THEN NULL ELSE '-infinity'::timestamptz END;
--> statement-breakpoint
-- Matters whose clocks may need starting, stopping or pausing are queued by the writes that change
-- what the clocks follow (tasks, stages, a conveyancer joining), in the writing transaction; the
-- check syncs only those. Statement triggers with transition tables, as the matter-progress ones.
CREATE FUNCTION homeward_queue_clock_sync_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sla_clock_sync_queue (transaction_id)
  SELECT DISTINCT s.transaction_id FROM new_tasks k JOIN timeline_stages s ON s.id = k.stage_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tasks_clock_sync_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_tasks
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_queue_clock_sync_tasks();
--> statement-breakpoint
CREATE TRIGGER tasks_clock_sync_update AFTER UPDATE ON tasks REFERENCING NEW TABLE AS new_tasks
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_queue_clock_sync_tasks();
--> statement-breakpoint
CREATE FUNCTION homeward_queue_clock_sync_stages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sla_clock_sync_queue (transaction_id)
  SELECT DISTINCT n.transaction_id FROM new_stages n JOIN old_stages o ON o.id = n.id
  WHERE o.status IS DISTINCT FROM n.status
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stages_clock_sync_update AFTER UPDATE ON timeline_stages
  REFERENCING OLD TABLE AS old_stages NEW TABLE AS new_stages
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_queue_clock_sync_stages();
--> statement-breakpoint
CREATE FUNCTION homeward_queue_clock_sync_participants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sla_clock_sync_queue (transaction_id)
  SELECT DISTINCT n.transaction_id FROM new_participants n
  WHERE n.role IN ('seller_conveyancer', 'buyer_conveyancer')
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER participants_clock_sync_insert AFTER INSERT ON transaction_participants
  REFERENCING NEW TABLE AS new_participants
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_queue_clock_sync_participants();
--> statement-breakpoint
-- Every live matter synced once by the first check after this migration (as every check did before).
INSERT INTO sla_clock_sync_queue (transaction_id)
SELECT id FROM transactions WHERE status IN ('draft', 'active') ON CONFLICT DO NOTHING;
