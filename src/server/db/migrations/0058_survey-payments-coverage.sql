CREATE TABLE "survey_coverage" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"districts" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "survey_payouts" DROP CONSTRAINT "survey_payouts_status_check";--> statement-breakpoint
ALTER TABLE "survey_bookings" ADD COLUMN "paid_by" uuid;--> statement-breakpoint
ALTER TABLE "survey_bookings" ADD COLUMN "payment_provider" text;--> statement-breakpoint
ALTER TABLE "survey_bookings" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "survey_bookings" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "survey_bookings" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "survey_bookings" ADD COLUMN "terms_text" text;--> statement-breakpoint
ALTER TABLE "survey_bookings" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "survey_bookings" ADD COLUMN "ready_to_release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "survey_payouts" ADD COLUMN "fee_ex_vat_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_payouts" ADD COLUMN "vat_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_payouts" ADD COLUMN "paid_by" uuid;--> statement-breakpoint
ALTER TABLE "surveyors" ADD COLUMN "calendar_feed_token_hash" text;--> statement-breakpoint
ALTER TABLE "survey_coverage" ADD CONSTRAINT "survey_coverage_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_coverage_districts_idx" ON "survey_coverage" USING gin ("districts");--> statement-breakpoint
ALTER TABLE "survey_bookings" ADD CONSTRAINT "survey_bookings_paid_by_profiles_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_payouts" ADD CONSTRAINT "survey_payouts_paid_by_profiles_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "surveyors_calendar_feed_key" ON "surveyors" USING btree ("calendar_feed_token_hash");--> statement-breakpoint
-- Payouts recorded before this migration: their fee (VAT included at 20%) split as splitGross does.
UPDATE "survey_payouts" SET "fee_ex_vat_pence" = round("fee_pence" * 100 / 120.0), "vat_pence" = "fee_pence" - round("fee_pence" * 100 / 120.0);--> statement-breakpoint
ALTER TABLE "survey_payouts" ADD CONSTRAINT "survey_payouts_vat_check" CHECK ("survey_payouts"."fee_ex_vat_pence" + "survey_payouts"."vat_pence" = "survey_payouts"."fee_pence");--> statement-breakpoint
ALTER TABLE "survey_payouts" ADD CONSTRAINT "survey_payouts_status_check" CHECK (status in ('held', 'pending', 'paid', 'refunded'));