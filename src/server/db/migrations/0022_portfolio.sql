CREATE TABLE "sale_risk_states" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"band" text NOT NULL,
	"score" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_risk_states_band_check" CHECK (band in ('low', 'medium', 'high')),
	CONSTRAINT "sale_risk_states_score_check" CHECK (score between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "sale_weekly_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"iso_week" text NOT NULL,
	"sent_by" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_weekly_updates_week_check" CHECK ("sale_weekly_updates"."iso_week" ~ '^[0-9]{4}-W[0-9]{2}$')
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "sale_risk_states" ADD CONSTRAINT "sale_risk_states_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_weekly_updates" ADD CONSTRAINT "sale_weekly_updates_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_weekly_updates" ADD CONSTRAINT "sale_weekly_updates_seller_id_profiles_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_weekly_updates" ADD CONSTRAINT "sale_weekly_updates_sent_by_profiles_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_weekly_updates_tx_seller_week_key" ON "sale_weekly_updates" USING btree ("transaction_id","seller_id","iso_week");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('mention', 'invitation', 'stage_completed', 'signature_requested', 'status_changed', 'update_requested', 'task_reopened', 'stage_blocked', 'sla_due_soon', 'sla_breached', 'enquiry_update', 'sale_high_risk', 'weekly_update'));