CREATE TABLE "mortgage_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"broker_profile_id" uuid NOT NULL,
	"buyer_name" text,
	"stage" text DEFAULT 'fact_find' NOT NULL,
	"gross_annual_income_pence" bigint,
	"monthly_commitments_pence" bigint,
	"deposit_pence" bigint,
	"employment_status" text,
	"fact_find_updated_at" timestamp with time zone,
	"offer_expires_on" date,
	"offer_reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mortgage_cases_buyer_name_length" CHECK ("mortgage_cases"."buyer_name" is null or char_length("mortgage_cases"."buyer_name") between 1 and 200),
	CONSTRAINT "mortgage_cases_stage_check" CHECK (stage in ('fact_find', 'decision_in_principle', 'application_submitted', 'valuation', 'underwriting', 'offer_issued')),
	CONSTRAINT "mortgage_cases_employment_check" CHECK (employment_status is null or employment_status in ('employed', 'self_employed', 'contractor', 'retired', 'not_working')),
	CONSTRAINT "mortgage_cases_money_check" CHECK (coalesce("mortgage_cases"."gross_annual_income_pence", 0) >= 0 and coalesce("mortgage_cases"."monthly_commitments_pence", 0) >= 0 and coalesce("mortgage_cases"."deposit_pence", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "mortgage_dips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"lender" text NOT NULL,
	"amount_pence" bigint NOT NULL,
	"term_months" integer NOT NULL,
	"reference" text NOT NULL,
	"issued_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"document_id" uuid,
	"task_id" uuid,
	"reminded_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mortgage_dips_dates_check" CHECK ("mortgage_dips"."expires_on" > "mortgage_dips"."issued_on"),
	CONSTRAINT "mortgage_dips_amount_check" CHECK ("mortgage_dips"."amount_pence" > 0),
	CONSTRAINT "mortgage_dips_term_check" CHECK ("mortgage_dips"."term_months" between 12 and 480),
	CONSTRAINT "mortgage_dips_lender_length" CHECK (char_length("mortgage_dips"."lender") between 1 and 120),
	CONSTRAINT "mortgage_dips_reference_length" CHECK (char_length("mortgage_dips"."reference") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "mortgage_cases" ADD CONSTRAINT "mortgage_cases_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mortgage_cases" ADD CONSTRAINT "mortgage_cases_broker_profile_id_profiles_id_fk" FOREIGN KEY ("broker_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mortgage_dips" ADD CONSTRAINT "mortgage_dips_case_id_mortgage_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."mortgage_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mortgage_dips" ADD CONSTRAINT "mortgage_dips_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mortgage_dips" ADD CONSTRAINT "mortgage_dips_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mortgage_dips" ADD CONSTRAINT "mortgage_dips_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mortgage_dips" ADD CONSTRAINT "mortgage_dips_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mortgage_cases_tx_broker_key" ON "mortgage_cases" USING btree ("transaction_id","broker_profile_id");--> statement-breakpoint
CREATE INDEX "mortgage_cases_broker_idx" ON "mortgage_cases" USING btree ("broker_profile_id");--> statement-breakpoint
CREATE INDEX "mortgage_cases_offer_due_idx" ON "mortgage_cases" USING btree ("offer_expires_on") WHERE offer_reminded_at is null;--> statement-breakpoint
CREATE INDEX "mortgage_dips_case_idx" ON "mortgage_dips" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "mortgage_dips_task_idx" ON "mortgage_dips" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "mortgage_dips_due_idx" ON "mortgage_dips" USING btree ("expires_on") WHERE reminded_at is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('mention', 'invitation', 'stage_completed', 'signature_requested', 'status_changed', 'update_requested', 'task_reopened', 'stage_blocked', 'sla_due_soon', 'sla_breached', 'enquiry_update', 'sale_high_risk', 'weekly_update', 'mortgage_expiry'));