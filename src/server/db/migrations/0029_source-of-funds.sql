CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consent_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"provider_account_id" text NOT NULL,
	"name" text NOT NULL,
	"last4" text NOT NULL,
	"selected" boolean DEFAULT true NOT NULL,
	"data_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_consent_id" text NOT NULL,
	"bank_id" text NOT NULL,
	"bank_name" text NOT NULL,
	"status" text DEFAULT 'awaiting_authorisation' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_consents_status_check" CHECK (status in ('awaiting_authorisation', 'authorised', 'refused', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "funding_explanations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"provider_transaction_id" text NOT NULL,
	"explanation_sealed" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funding_gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"giftor_name" text NOT NULL,
	"giftor_email" text NOT NULL,
	"relationship" text NOT NULL,
	"amount_pence" bigint NOT NULL,
	"document_id" uuid,
	"signature_request_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funding_gifts_amount_check" CHECK ("funding_gifts"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "funding_plans" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"first_time_buyer" boolean DEFAULT false NOT NULL,
	"additional_property" boolean DEFAULT false NOT NULL,
	"non_resident" boolean DEFAULT false NOT NULL,
	"mortgage_stated_pence" bigint,
	"sale_proceeds_pence" bigint,
	"fees_pence" bigint DEFAULT 0 NOT NULL,
	"review_decision" text,
	"review_note" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funding_plans_review_check" CHECK (review_decision is null or review_decision in ('satisfied', 'more_info')),
	CONSTRAINT "funding_plans_money_check" CHECK (coalesce("funding_plans"."mortgage_stated_pence", 0) >= 0 and coalesce("funding_plans"."sale_proceeds_pence", 0) >= 0 and "funding_plans"."fees_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_consent_id_bank_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."bank_consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_consents" ADD CONSTRAINT "bank_consents_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_consents" ADD CONSTRAINT "bank_consents_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_explanations" ADD CONSTRAINT "funding_explanations_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_explanations" ADD CONSTRAINT "funding_explanations_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_explanations" ADD CONSTRAINT "funding_explanations_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_gifts" ADD CONSTRAINT "funding_gifts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_gifts" ADD CONSTRAINT "funding_gifts_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_plans" ADD CONSTRAINT "funding_plans_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_plans" ADD CONSTRAINT "funding_plans_reviewed_by_profiles_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_consent_account_key" ON "bank_accounts" USING btree ("consent_id","provider_account_id");--> statement-breakpoint
CREATE INDEX "bank_accounts_tx_idx" ON "bank_accounts" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_consents_provider_key" ON "bank_consents" USING btree ("provider","provider_consent_id");--> statement-breakpoint
CREATE INDEX "bank_consents_tx_idx" ON "bank_consents" USING btree ("transaction_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_explanations_key" ON "funding_explanations" USING btree ("account_id","provider_transaction_id");--> statement-breakpoint
CREATE INDEX "funding_gifts_tx_idx" ON "funding_gifts" USING btree ("transaction_id");