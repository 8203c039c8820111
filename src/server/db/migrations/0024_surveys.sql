CREATE TABLE "survey_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"surveyor_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"booked_by" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"price_pence" integer NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"report_document_id" uuid,
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_bookings_status_check" CHECK (status in ('booked', 'cancelled', 'report_delivered')),
	CONSTRAINT "survey_bookings_range_check" CHECK ("survey_bookings"."starts_at" < "survey_bookings"."ends_at" and "survey_bookings"."ends_at" <= "survey_bookings"."blocked_until")
);
--> statement-breakpoint
CREATE TABLE "survey_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"fee_pence" integer NOT NULL,
	"platform_fee_pence" integer NOT NULL,
	"net_pence" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "survey_payouts_status_check" CHECK (status in ('pending', 'paid')),
	CONSTRAINT "survey_payouts_amounts_check" CHECK ("survey_payouts"."net_pence" = "survey_payouts"."fee_pence" - "survey_payouts"."platform_fee_pence" and "survey_payouts"."platform_fee_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "survey_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"price_pence" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "survey_products_kind_check" CHECK (kind in ('rics_level_1', 'rics_level_2', 'rics_level_3', 'mortgage_valuation')),
	CONSTRAINT "survey_products_price_check" CHECK ("survey_products"."price_pence" > 0),
	CONSTRAINT "survey_products_duration_check" CHECK ("survey_products"."duration_minutes" between 15 and 600)
);
--> statement-breakpoint
CREATE TABLE "surveyor_days_off" (
	"surveyor_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "surveyor_days_off_surveyor_id_day_pk" PRIMARY KEY("surveyor_id","day")
);
--> statement-breakpoint
CREATE TABLE "surveyor_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"surveyor_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "surveyor_hours_weekday_check" CHECK ("surveyor_hours"."weekday" between 1 and 7),
	CONSTRAINT "surveyor_hours_range_check" CHECK ("surveyor_hours"."start_minute" >= 0 and "surveyor_hours"."end_minute" <= 1440 and "surveyor_hours"."start_minute" < "surveyor_hours"."end_minute")
);
--> statement-breakpoint
CREATE TABLE "surveyors" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"travel_buffer_minutes" integer DEFAULT 30 NOT NULL,
	"notice_hours" integer DEFAULT 24 NOT NULL,
	CONSTRAINT "surveyors_buffer_check" CHECK ("surveyors"."travel_buffer_minutes" between 0 and 240),
	CONSTRAINT "surveyors_notice_check" CHECK ("surveyors"."notice_hours" between 0 and 336)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "survey_bookings" ADD CONSTRAINT "survey_bookings_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_bookings" ADD CONSTRAINT "survey_bookings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_bookings" ADD CONSTRAINT "survey_bookings_surveyor_id_surveyors_profile_id_fk" FOREIGN KEY ("surveyor_id") REFERENCES "public"."surveyors"("profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_bookings" ADD CONSTRAINT "survey_bookings_product_id_survey_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."survey_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_bookings" ADD CONSTRAINT "survey_bookings_booked_by_profiles_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_bookings" ADD CONSTRAINT "survey_bookings_report_document_id_documents_id_fk" FOREIGN KEY ("report_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_payouts" ADD CONSTRAINT "survey_payouts_booking_id_survey_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."survey_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_payouts" ADD CONSTRAINT "survey_payouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_products" ADD CONSTRAINT "survey_products_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveyor_days_off" ADD CONSTRAINT "surveyor_days_off_surveyor_id_surveyors_profile_id_fk" FOREIGN KEY ("surveyor_id") REFERENCES "public"."surveyors"("profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveyor_hours" ADD CONSTRAINT "surveyor_hours_surveyor_id_surveyors_profile_id_fk" FOREIGN KEY ("surveyor_id") REFERENCES "public"."surveyors"("profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveyors" ADD CONSTRAINT "surveyors_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveyors" ADD CONSTRAINT "surveyors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_bookings_tx_idx" ON "survey_bookings" USING btree ("transaction_id","starts_at");--> statement-breakpoint
CREATE INDEX "survey_bookings_org_start_idx" ON "survey_bookings" USING btree ("organization_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_payouts_booking_key" ON "survey_payouts" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "survey_payouts_org_idx" ON "survey_payouts" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_products_org_kind_key" ON "survey_products" USING btree ("organization_id","kind");--> statement-breakpoint
CREATE INDEX "surveyor_hours_surveyor_idx" ON "surveyor_hours" USING btree ("surveyor_id","weekday");--> statement-breakpoint
CREATE INDEX "surveyors_org_idx" ON "surveyors" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('mention', 'invitation', 'stage_completed', 'signature_requested', 'status_changed', 'update_requested', 'task_reopened', 'stage_blocked', 'sla_due_soon', 'sla_breached', 'enquiry_update', 'sale_high_risk', 'weekly_update', 'mortgage_expiry', 'survey_update'));