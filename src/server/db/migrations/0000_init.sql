CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"signup_role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auth_id" text,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_full_name_length" CHECK (char_length("profiles"."full_name") between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_role_check" CHECK (role in ('consumer_buyer', 'consumer_seller', 'pro_conveyancer', 'pro_surveyor', 'pro_broker', 'pro_agent'))
);
--> statement-breakpoint
CREATE TABLE "accreditation_metrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"avg_days" integer,
	"collapse_rate" numeric(5, 4),
	"csat" numeric(3, 2),
	"cases_count" integer,
	"live_cases_count" integer,
	"document_accuracy" numeric(5, 4),
	"sla_rate" numeric(5, 4),
	"onboarding_complete" boolean DEFAULT false NOT NULL,
	"academy_lite_access" boolean DEFAULT false NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accreditation_metrics_avg_days_check" CHECK ("accreditation_metrics"."avg_days" is null or "accreditation_metrics"."avg_days" >= 0),
	CONSTRAINT "accreditation_metrics_collapse_rate_check" CHECK ("accreditation_metrics"."collapse_rate" is null or "accreditation_metrics"."collapse_rate" between 0 and 1),
	CONSTRAINT "accreditation_metrics_csat_check" CHECK ("accreditation_metrics"."csat" is null or "accreditation_metrics"."csat" between 0 and 5),
	CONSTRAINT "accreditation_metrics_cases_check" CHECK ("accreditation_metrics"."cases_count" is null or "accreditation_metrics"."cases_count" >= 0),
	CONSTRAINT "accreditation_metrics_live_cases_check" CHECK ("accreditation_metrics"."live_cases_count" is null or "accreditation_metrics"."live_cases_count" >= 0),
	CONSTRAINT "accreditation_metrics_document_accuracy_check" CHECK ("accreditation_metrics"."document_accuracy" is null or "accreditation_metrics"."document_accuracy" between 0 and 1),
	CONSTRAINT "accreditation_metrics_sla_rate_check" CHECK ("accreditation_metrics"."sla_rate" is null or "accreditation_metrics"."sla_rate" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "marketplace_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"rating_int" integer NOT NULL,
	"author_name" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_reviews_rating_check" CHECK ("marketplace_reviews"."rating_int" between 1 and 5),
	CONSTRAINT "marketplace_reviews_body_length" CHECK (char_length("marketplace_reviews"."body") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"accreditation_tier" text,
	"town" text,
	"postcode_district" text,
	"description" text,
	"contact_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_type_check" CHECK (type in ('law', 'survey', 'broker', 'agent')),
	CONSTRAINT "organizations_tier_check" CHECK (accreditation_tier is null or accreditation_tier in ('silver', 'gold', 'platinum')),
	CONSTRAINT "organizations_name_length" CHECK (char_length("organizations"."name") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"folder" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"uploaded_by" uuid,
	"content_type" text,
	"size_bytes" bigint,
	"storage_key" text,
	"sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_at" timestamp with time zone,
	CONSTRAINT "documents_folder_check" CHECK (folder in ('Identity', 'Property', 'Searches', 'Mortgage', 'Contracts', 'Fixtures')),
	CONSTRAINT "documents_version_check" CHECK ("documents"."version" >= 1),
	CONSTRAINT "documents_filename_length" CHECK (char_length("documents"."filename") between 1 and 255),
	CONSTRAINT "documents_size_check" CHECK ("documents"."size_bytes" is null or "documents"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"author_id" uuid,
	"body_md" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "messages_body_length" CHECK (char_length("messages"."body_md") between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"address_lines" text[] NOT NULL,
	"postcode" text NOT NULL,
	"uprn" text,
	"tenure" text,
	"title_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "properties_uprn_check" CHECK ("properties"."uprn" is null or "properties"."uprn" ~ '^[0-9]{1,12}$'),
	CONSTRAINT "properties_tenure_check" CHECK (tenure is null or tenure in ('freehold', 'leasehold')),
	CONSTRAINT "properties_postcode_length" CHECK (char_length("properties"."postcode") between 5 and 8),
	CONSTRAINT "properties_address_lines_count" CHECK (cardinality("properties"."address_lines") between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stage_id" uuid NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'not_completed' NOT NULL,
	"sort_index" integer NOT NULL,
	"owner_side" text,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_status_check" CHECK (status in ('not_completed', 'completed')),
	CONSTRAINT "tasks_title_length" CHECK (char_length("tasks"."title") between 1 and 300)
);
--> statement-breakpoint
CREATE TABLE "timeline_stages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"stage_name" text NOT NULL,
	"sort_index" integer NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"percent_complete" integer DEFAULT 0 NOT NULL,
	"blocked_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timeline_stages_status_check" CHECK (status in ('not_started', 'in_progress', 'blocked', 'completed')),
	CONSTRAINT "timeline_stages_percent_check" CHECK ("timeline_stages"."percent_complete" between 0 and 100),
	CONSTRAINT "timeline_stages_blocked_reason_check" CHECK (("timeline_stages"."status" = 'blocked') = ("timeline_stages"."blocked_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "transaction_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"invited_by" uuid,
	"organization_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_participants_role_check" CHECK (role in ('buyer', 'seller', 'buyer_conveyancer', 'seller_conveyancer', 'estate_agent', 'buyers_agent', 'mortgage_broker', 'lender', 'surveyor'))
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"buyer_user_id" uuid,
	"seller_user_id" uuid,
	"created_by" uuid,
	"agreed_price_pence" bigint,
	"exchange_date" date,
	"completion_date" date,
	"cancelled_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_status_check" CHECK (status in ('draft', 'active', 'exchange', 'completed', 'cancelled')),
	CONSTRAINT "transactions_price_check" CHECK ("transactions"."agreed_price_pence" is null or "transactions"."agreed_price_pence" >= 0),
	CONSTRAINT "transactions_cancelled_reason_length" CHECK (char_length("transactions"."cancelled_reason") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_auth_id_user_id_fk" FOREIGN KEY ("auth_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accreditation_metrics" ADD CONSTRAINT "accreditation_metrics_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_reviews" ADD CONSTRAINT "marketplace_reviews_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_profiles_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_stage_id_timeline_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."timeline_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_completed_by_profiles_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_stages" ADD CONSTRAINT "timeline_stages_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_participants" ADD CONSTRAINT "transaction_participants_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_participants" ADD CONSTRAINT "transaction_participants_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_participants" ADD CONSTRAINT "transaction_participants_invited_by_profiles_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_participants" ADD CONSTRAINT "transaction_participants_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_buyer_user_id_profiles_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_seller_user_id_profiles_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_auth_id_key" ON "profiles" USING btree ("auth_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_email_lower_key" ON "profiles" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_roles_user_role_key" ON "user_roles" USING btree ("user_id","role");--> statement-breakpoint
CREATE INDEX "user_roles_user_id_idx" ON "user_roles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "accreditation_metrics_org_recorded_idx" ON "accreditation_metrics" USING btree ("organization_id","recorded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "marketplace_reviews_org_created_idx" ON "marketplace_reviews" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "organizations_type_idx" ON "organizations" USING btree ("type");--> statement-breakpoint
CREATE INDEX "organizations_tier_name_idx" ON "organizations" USING btree ("accreditation_tier","name");--> statement-breakpoint
CREATE INDEX "documents_tx_folder_idx" ON "documents" USING btree ("transaction_id","folder","filename","version" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "documents_tx_folder_name_version_key" ON "documents" USING btree ("transaction_id","folder","filename","version");--> statement-breakpoint
CREATE INDEX "messages_tx_created_idx" ON "messages" USING btree ("transaction_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "properties_transaction_id_key" ON "properties" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_stage_sort_key" ON "tasks" USING btree ("stage_id","sort_index");--> statement-breakpoint
CREATE UNIQUE INDEX "timeline_stages_tx_sort_key" ON "timeline_stages" USING btree ("transaction_id","sort_index");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_participants_tx_user_key" ON "transaction_participants" USING btree ("transaction_id","user_id");--> statement-breakpoint
CREATE INDEX "transaction_participants_user_idx" ON "transaction_participants" USING btree ("user_id","transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_buyer_created_idx" ON "transactions" USING btree ("buyer_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_seller_created_idx" ON "transactions" USING btree ("seller_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at" DESC NULLS LAST);