ALTER TABLE "matters" ADD COLUMN "current_stage" text;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "current_stage_blocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "next_task_id" uuid;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "next_task_title" text;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "last_ticked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD COLUMN "due_soon_on" date;--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD COLUMN "breached_on" date;--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD COLUMN "paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD COLUMN "milestones_key" text;--> statement-breakpoint
-- The progress of each matter the cases board shows (schema/firms.ts): its current stage, whether
-- that stage is blocked, the next open task of the firm's side and when a task was last ticked,
-- recomputed for the given moves. Run by the statement triggers below in the same transaction as
-- every write to timeline_stages, tasks or a new matter, whichever code path makes it.
CREATE FUNCTION homeward_refresh_matter_progress(tx_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE matters m SET (current_stage, current_stage_blocked, next_task_id, next_task_title, last_ticked_at) = (
    SELECT (array_agg(s.stage_name ORDER BY s.sort_index) FILTER (WHERE s.status <> 'completed'))[1],
      coalesce((array_agg(s.status ORDER BY s.sort_index) FILTER (WHERE s.status <> 'completed'))[1] = 'blocked', false),
      (array_agg(k.id ORDER BY s.sort_index, k.sort_index)
        FILTER (WHERE k.status = 'not_completed' AND k.owner_side = m.side || '_conveyancer'))[1],
      (array_agg(k.title ORDER BY s.sort_index, k.sort_index)
        FILTER (WHERE k.status = 'not_completed' AND k.owner_side = m.side || '_conveyancer'))[1],
      max(k.completed_at)
    FROM timeline_stages s LEFT JOIN tasks k ON k.stage_id = s.id
    WHERE s.transaction_id = m.transaction_id)
  WHERE m.transaction_id = ANY(tx_ids);
$$;
--> statement-breakpoint
CREATE FUNCTION homeward_tasks_matter_progress() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM homeward_refresh_matter_progress(ARRAY(
      SELECT DISTINCT s.transaction_id FROM old_tasks o JOIN timeline_stages s ON s.id = o.stage_id));
  ELSE
    PERFORM homeward_refresh_matter_progress(ARRAY(
      SELECT DISTINCT s.transaction_id FROM new_tasks n JOIN timeline_stages s ON s.id = n.stage_id));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tasks_matter_progress_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_tasks
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_tasks_matter_progress();
--> statement-breakpoint
CREATE TRIGGER tasks_matter_progress_update AFTER UPDATE ON tasks REFERENCING NEW TABLE AS new_tasks
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_tasks_matter_progress();
--> statement-breakpoint
CREATE TRIGGER tasks_matter_progress_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_tasks
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_tasks_matter_progress();
--> statement-breakpoint
CREATE FUNCTION homeward_stages_matter_progress() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM homeward_refresh_matter_progress(ARRAY(SELECT DISTINCT o.transaction_id FROM old_stages o));
  ELSE
    PERFORM homeward_refresh_matter_progress(ARRAY(SELECT DISTINCT n.transaction_id FROM new_stages n));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stages_matter_progress_insert AFTER INSERT ON timeline_stages REFERENCING NEW TABLE AS new_stages
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_stages_matter_progress();
--> statement-breakpoint
CREATE TRIGGER stages_matter_progress_update AFTER UPDATE ON timeline_stages REFERENCING NEW TABLE AS new_stages
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_stages_matter_progress();
--> statement-breakpoint
CREATE TRIGGER stages_matter_progress_delete AFTER DELETE ON timeline_stages REFERENCING OLD TABLE AS old_stages
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_stages_matter_progress();
--> statement-breakpoint
CREATE FUNCTION homeward_new_matters_progress() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM homeward_refresh_matter_progress(ARRAY(SELECT DISTINCT n.transaction_id FROM new_matters n));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER matters_progress_insert AFTER INSERT ON matters REFERENCING NEW TABLE AS new_matters
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_new_matters_progress();
--> statement-breakpoint
SELECT homeward_refresh_matter_progress(ARRAY(SELECT transaction_id FROM matters));
--> statement-breakpoint
-- A clock that stops (met or missed) or reopens changes its firm's SLA met share: NOTIFY the firm's
-- id on 'homeward_sla_closed', delivered only when the transaction commits (dropped on rollback,
-- one per firm and transaction), for the accreditation engine's coalesced recompute
-- (features/accreditation/recompute-on-clock-close.ts).
CREATE FUNCTION homeward_notify_sla_closed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('homeward_sla_closed', x.organization_id::text)
  FROM (SELECT DISTINCT n.organization_id FROM new_clocks n JOIN old_clocks o ON o.id = n.id
        WHERE n.organization_id IS NOT NULL AND n.cancelled_at IS NULL
          AND o.stopped_at IS DISTINCT FROM n.stopped_at) x;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sla_clocks_closed_notify AFTER UPDATE ON sla_clocks
  REFERENCING OLD TABLE AS old_clocks NEW TABLE AS new_clocks
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_notify_sla_closed();
