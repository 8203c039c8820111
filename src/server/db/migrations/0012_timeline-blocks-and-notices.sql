ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "timeline_stages" ADD COLUMN "blocked_by" uuid;--> statement-breakpoint
ALTER TABLE "timeline_stages" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "timeline_stages" ADD CONSTRAINT "timeline_stages_blocked_by_profiles_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('mention', 'invitation', 'stage_completed', 'signature_requested', 'status_changed', 'update_requested', 'task_reopened', 'stage_blocked'));