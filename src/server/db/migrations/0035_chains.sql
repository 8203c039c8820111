CREATE TABLE "chain_date_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposed_from" uuid NOT NULL,
	"proposed_by" uuid,
	"exchange_date" date NOT NULL,
	"completion_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "chain_date_proposals_status_check" CHECK (status in ('open', 'agreed', 'declined', 'superseded')),
	CONSTRAINT "chain_date_proposals_order" CHECK ("chain_date_proposals"."completion_date" >= "chain_date_proposals"."exchange_date")
);
--> statement-breakpoint
CREATE TABLE "chain_date_responses" (
	"proposal_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"response" text DEFAULT 'pending' NOT NULL,
	"responded_by" uuid,
	"responded_at" timestamp with time zone,
	"note" text,
	CONSTRAINT "chain_date_responses_check" CHECK (response in ('pending', 'accepted', 'declined')),
	CONSTRAINT "chain_date_responses_note_length" CHECK (char_length("chain_date_responses"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "chain_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lower_transaction_id" uuid NOT NULL,
	"upper_transaction_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_from" uuid NOT NULL,
	"requested_by" uuid,
	"responded_by" uuid,
	"responded_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_links_status_check" CHECK (status in ('pending', 'confirmed', 'declined')),
	CONSTRAINT "chain_links_not_self" CHECK ("chain_links"."lower_transaction_id" <> "chain_links"."upper_transaction_id"),
	CONSTRAINT "chain_links_requested_from_check" CHECK ("chain_links"."requested_from" in ("chain_links"."lower_transaction_id", "chain_links"."upper_transaction_id"))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "chain_date_proposals" ADD CONSTRAINT "chain_date_proposals_proposed_from_transactions_id_fk" FOREIGN KEY ("proposed_from") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_date_proposals" ADD CONSTRAINT "chain_date_proposals_proposed_by_profiles_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_date_responses" ADD CONSTRAINT "chain_date_responses_proposal_id_chain_date_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."chain_date_proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_date_responses" ADD CONSTRAINT "chain_date_responses_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_date_responses" ADD CONSTRAINT "chain_date_responses_responded_by_profiles_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_links" ADD CONSTRAINT "chain_links_lower_transaction_id_transactions_id_fk" FOREIGN KEY ("lower_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_links" ADD CONSTRAINT "chain_links_upper_transaction_id_transactions_id_fk" FOREIGN KEY ("upper_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_links" ADD CONSTRAINT "chain_links_requested_from_transactions_id_fk" FOREIGN KEY ("requested_from") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_links" ADD CONSTRAINT "chain_links_requested_by_profiles_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_links" ADD CONSTRAINT "chain_links_responded_by_profiles_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_date_responses_key" ON "chain_date_responses" USING btree ("proposal_id","transaction_id");--> statement-breakpoint
CREATE INDEX "chain_date_responses_tx_idx" ON "chain_date_responses" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_links_lower_live_key" ON "chain_links" USING btree ("lower_transaction_id") WHERE status in ('pending', 'confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "chain_links_upper_live_key" ON "chain_links" USING btree ("upper_transaction_id") WHERE status in ('pending', 'confirmed');--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('mention', 'invitation', 'stage_completed', 'signature_requested', 'status_changed', 'update_requested', 'task_reopened', 'stage_blocked', 'sla_due_soon', 'sla_breached', 'enquiry_update', 'sale_high_risk', 'weekly_update', 'mortgage_expiry', 'survey_update', 'funds_review', 'chain_update'));