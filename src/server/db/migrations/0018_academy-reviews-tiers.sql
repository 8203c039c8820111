-- Academy Lite (quiz attempts, CPD records), reviews tied to the completed move and its reviewer,
-- the accreditation engine's output (tier and per-trade figures on each metrics row, a history of tier
-- changes) and the document-accuracy input (a version that corrects an error in the one before).
CREATE TABLE "accreditation_tier_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"from_tier" text,
	"to_tier" text,
	"source" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accreditation_tier_changes_tiers_check" CHECK ((from_tier is null or from_tier in ('silver', 'gold', 'platinum')) and (to_tier is null or to_tier in ('silver', 'gold', 'platinum'))),
	CONSTRAINT "accreditation_tier_changes_source_check" CHECK ("accreditation_tier_changes"."source" in ('change', 'nightly', 'seed'))
);
--> statement-breakpoint
CREATE TABLE "academy_quiz_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"course_slug" text NOT NULL,
	"correct" integer NOT NULL,
	"total" integer NOT NULL,
	"score_percent" integer NOT NULL,
	"passed" boolean NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "academy_quiz_attempts_score_check" CHECK ("academy_quiz_attempts"."score_percent" between 0 and 100),
	CONSTRAINT "academy_quiz_attempts_correct_check" CHECK ("academy_quiz_attempts"."correct" between 0 and "academy_quiz_attempts"."total"),
	CONSTRAINT "academy_quiz_attempts_slug_length" CHECK (char_length("academy_quiz_attempts"."course_slug") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "cpd_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"course_slug" text NOT NULL,
	"course_title" text NOT NULL,
	"cpd_minutes" integer NOT NULL,
	"attempt_id" uuid,
	"score_percent" integer NOT NULL,
	"passed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cpd_records_minutes_check" CHECK ("cpd_records"."cpd_minutes" between 1 and 600),
	CONSTRAINT "cpd_records_score_check" CHECK ("cpd_records"."score_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "accreditation_metrics" ADD COLUMN "tier" text;--> statement-breakpoint
ALTER TABLE "accreditation_metrics" ADD COLUMN "reviews_count" integer;--> statement-breakpoint
ALTER TABLE "accreditation_metrics" ADD COLUMN "report_days" integer;--> statement-breakpoint
ALTER TABLE "accreditation_metrics" ADD COLUMN "reports_on_time_rate" numeric(5, 4);--> statement-breakpoint
ALTER TABLE "accreditation_metrics" ADD COLUMN "offer_days" integer;--> statement-breakpoint
ALTER TABLE "accreditation_metrics" ADD COLUMN "sale_to_completion_days" integer;--> statement-breakpoint
ALTER TABLE "accreditation_metrics" ADD COLUMN "source" text DEFAULT 'change' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_reviews" ADD COLUMN "transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "marketplace_reviews" ADD COLUMN "reviewer_profile_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "corrects_error" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accreditation_tier_changes" ADD CONSTRAINT "accreditation_tier_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academy_quiz_attempts" ADD CONSTRAINT "academy_quiz_attempts_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_records" ADD CONSTRAINT "cpd_records_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_records" ADD CONSTRAINT "cpd_records_attempt_id_academy_quiz_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."academy_quiz_attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accreditation_tier_changes_org_idx" ON "accreditation_tier_changes" USING btree ("organization_id","changed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "academy_quiz_attempts_profile_course_idx" ON "academy_quiz_attempts" USING btree ("profile_id","course_slug","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "cpd_records_profile_course_key" ON "cpd_records" USING btree ("profile_id","course_slug");--> statement-breakpoint
CREATE INDEX "cpd_records_passed_idx" ON "cpd_records" USING btree ("profile_id","passed_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "marketplace_reviews" ADD CONSTRAINT "marketplace_reviews_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_reviews" ADD CONSTRAINT "marketplace_reviews_reviewer_profile_id_profiles_id_fk" FOREIGN KEY ("reviewer_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accreditation_metrics_source_recorded_idx" ON "accreditation_metrics" USING btree ("source","recorded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_reviews_tx_reviewer_org_key" ON "marketplace_reviews" USING btree ("transaction_id","reviewer_profile_id","organization_id");--> statement-breakpoint
ALTER TABLE "accreditation_metrics" ADD CONSTRAINT "accreditation_metrics_tier_check" CHECK (tier is null or tier in ('silver', 'gold', 'platinum'));--> statement-breakpoint
ALTER TABLE "accreditation_metrics" ADD CONSTRAINT "accreditation_metrics_on_time_check" CHECK ("accreditation_metrics"."reports_on_time_rate" is null or "accreditation_metrics"."reports_on_time_rate" between 0 and 1);--> statement-breakpoint
ALTER TABLE "accreditation_metrics" ADD CONSTRAINT "accreditation_metrics_source_check" CHECK ("accreditation_metrics"."source" in ('change', 'nightly', 'seed'));--> statement-breakpoint
-- Every transaction still gets its one 'General' thread in the statement that creates it, but set-based:
-- one insert per statement over the new rows instead of one per row, so that bulk inserts (the seeded
-- track record of the directory, benchmarks) do not pay a trigger call and a separate insert per move.
CREATE FUNCTION homeward_create_general_threads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_threads (transaction_id, title, topic, created_by, created_at)
    SELECT id, 'General', 'general', created_by, created_at FROM new_transactions
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER transactions_general_thread ON transactions;
--> statement-breakpoint
DROP FUNCTION homeward_create_general_thread();
--> statement-breakpoint
CREATE TRIGGER transactions_general_thread AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_create_general_threads();
