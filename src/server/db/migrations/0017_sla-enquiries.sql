CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"category" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"raised_by" uuid,
	"seller_task_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "enquiries_category_check" CHECK (category in ('title', 'searches', 'property_information', 'leasehold', 'planning_building_control', 'other')),
	CONSTRAINT "enquiries_status_check" CHECK (status in ('open', 'answered', 'further_enquiry', 'satisfied', 'withdrawn')),
	CONSTRAINT "enquiries_body_length" CHECK (char_length(body) between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "enquiry_documents" (
	"enquiry_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	CONSTRAINT "enquiry_documents_enquiry_id_document_id_pk" PRIMARY KEY("enquiry_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "enquiry_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiry_replies_kind_check" CHECK ("enquiry_replies"."kind" in ('reply', 'further_enquiry')),
	CONSTRAINT "enquiry_replies_body_length" CHECK (char_length(body) between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "sla_clock_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clock_id" uuid NOT NULL,
	"paused_at" timestamp with time zone NOT NULL,
	"resumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sla_clocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"organization_id" uuid,
	"clock_type" text NOT NULL,
	"side" text NOT NULL,
	"stage_id" uuid,
	"enquiry_id" uuid,
	"target_working_days" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"due_soon_notified_at" timestamp with time zone,
	"breached_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sla_clocks_clock_type_check" CHECK (clock_type in ('contract_pack', 'searches', 'enquiry_replies', 'report_on_title', 'mortgage_offer_to_exchange')),
	CONSTRAINT "sla_clocks_side_check" CHECK ("sla_clocks"."side" in ('buyer', 'seller')),
	CONSTRAINT "sla_clocks_target_check" CHECK ("sla_clocks"."target_working_days" >= 1),
	CONSTRAINT "sla_clocks_stop_check" CHECK ("sla_clocks"."stopped_at" is null or "sla_clocks"."stopped_at" >= "sla_clocks"."started_at")
);
--> statement-breakpoint
CREATE TABLE "sla_settings" (
	"organization_id" uuid NOT NULL,
	"clock_type" text NOT NULL,
	"working_days" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sla_settings_organization_id_clock_type_pk" PRIMARY KEY("organization_id","clock_type"),
	CONSTRAINT "sla_settings_clock_type_check" CHECK (clock_type in ('contract_pack', 'searches', 'enquiry_replies', 'report_on_title', 'mortgage_offer_to_exchange')),
	CONSTRAINT "sla_settings_working_days_check" CHECK (working_days between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "standard_enquiry_lists" (
	"organization_id" uuid NOT NULL,
	"category" text NOT NULL,
	"items" text[] NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standard_enquiry_lists_organization_id_category_pk" PRIMARY KEY("organization_id","category"),
	CONSTRAINT "standard_enquiry_lists_category_check" CHECK (category in ('title', 'searches', 'property_information', 'leasehold', 'planning_building_control', 'other'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_raised_by_profiles_id_fk" FOREIGN KEY ("raised_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_seller_task_id_tasks_id_fk" FOREIGN KEY ("seller_task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_documents" ADD CONSTRAINT "enquiry_documents_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_documents" ADD CONSTRAINT "enquiry_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD CONSTRAINT "enquiry_replies_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD CONSTRAINT "enquiry_replies_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_clock_pauses" ADD CONSTRAINT "sla_clock_pauses_clock_id_sla_clocks_id_fk" FOREIGN KEY ("clock_id") REFERENCES "public"."sla_clocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD CONSTRAINT "sla_clocks_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD CONSTRAINT "sla_clocks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD CONSTRAINT "sla_clocks_stage_id_timeline_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."timeline_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD CONSTRAINT "sla_clocks_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_settings" ADD CONSTRAINT "sla_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_settings" ADD CONSTRAINT "sla_settings_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_enquiry_lists" ADD CONSTRAINT "standard_enquiry_lists_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_enquiry_lists" ADD CONSTRAINT "standard_enquiry_lists_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enquiries_tx_number_key" ON "enquiries" USING btree ("transaction_id","number");--> statement-breakpoint
CREATE INDEX "enquiry_replies_enquiry_idx" ON "enquiry_replies" USING btree ("enquiry_id","created_at");--> statement-breakpoint
CREATE INDEX "sla_clock_pauses_clock_idx" ON "sla_clock_pauses" USING btree ("clock_id","paused_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sla_clock_pauses_open_key" ON "sla_clock_pauses" USING btree ("clock_id") WHERE resumed_at is null;--> statement-breakpoint
CREATE INDEX "sla_clocks_tx_idx" ON "sla_clocks" USING btree ("transaction_id","clock_type");--> statement-breakpoint
CREATE INDEX "sla_clocks_running_idx" ON "sla_clocks" USING btree ("transaction_id") WHERE stopped_at is null;--> statement-breakpoint
CREATE INDEX "sla_clocks_org_closed_idx" ON "sla_clocks" USING btree ("organization_id") WHERE stopped_at is not null and cancelled_at is null;--> statement-breakpoint
CREATE INDEX "sla_clocks_enquiry_idx" ON "sla_clocks" USING btree ("enquiry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sla_clocks_tx_type_key" ON "sla_clocks" USING btree ("transaction_id","clock_type") WHERE enquiry_id is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('mention', 'invitation', 'stage_completed', 'signature_requested', 'status_changed', 'update_requested', 'task_reopened', 'stage_blocked', 'sla_due_soon', 'sla_breached', 'enquiry_update'));