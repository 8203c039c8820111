CREATE SEQUENCE "public"."billing_invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "billing_accounts" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"customer_ref" text,
	"subscription_ref" text,
	"status" text DEFAULT 'none' NOT NULL,
	"interval" text,
	"seats" integer DEFAULT 0 NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_accounts_status_check" CHECK (status in ('none', 'trialing', 'active', 'past_due', 'canceled', 'incomplete')),
	CONSTRAINT "billing_accounts_interval_check" CHECK (interval is null or interval in ('month', 'year')),
	CONSTRAINT "billing_accounts_seats_check" CHECK ("billing_accounts"."seats" >= 0)
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"organization_id" uuid,
	"transaction_id" uuid,
	"payer_profile_id" uuid,
	"bill_to_name" text NOT NULL,
	"bill_to_detail" text NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "billing_invoices_kind_check" CHECK (kind in ('subscription', 'proration', 'completion_fee')),
	CONSTRAINT "billing_invoices_status_check" CHECK (status in ('open', 'paid', 'void', 'credited')),
	CONSTRAINT "billing_invoices_total_check" CHECK ("billing_invoices"."total_pence" = "billing_invoices"."subtotal_pence" + "billing_invoices"."vat_pence")
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_by" uuid,
	"mode" text NOT NULL,
	"interval" text NOT NULL,
	"seats" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_sessions_mode_check" CHECK ("checkout_sessions"."mode" in ('subscription', 'payment')),
	CONSTRAINT "checkout_sessions_status_check" CHECK ("checkout_sessions"."status" in ('open', 'complete', 'expired')),
	CONSTRAINT "checkout_sessions_interval_check" CHECK (interval in ('month', 'year'))
);
--> statement-breakpoint
CREATE TABLE "completion_fees" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"payer_profile_id" uuid,
	"amount_pence" integer NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"provider_ref" text,
	"invoice_id" uuid,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"charged_at" timestamp with time zone,
	CONSTRAINT "completion_fees_status_check" CHECK ("completion_fees"."status" in ('due', 'paid', 'failed', 'waived')),
	CONSTRAINT "completion_fees_amount_check" CHECK ("completion_fees"."amount_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_payer_profile_id_profiles_id_fk" FOREIGN KEY ("payer_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completion_fees" ADD CONSTRAINT "completion_fees_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completion_fees" ADD CONSTRAINT "completion_fees_payer_profile_id_profiles_id_fk" FOREIGN KEY ("payer_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completion_fees" ADD CONSTRAINT "completion_fees_invoice_id_billing_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_accounts_customer_key" ON "billing_accounts" USING btree ("provider","customer_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_provider_key" ON "billing_invoices" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_number_key" ON "billing_invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "billing_invoices_org_idx" ON "billing_invoices" USING btree ("organization_id","issued_at");--> statement-breakpoint
CREATE INDEX "billing_invoices_payer_idx" ON "billing_invoices" USING btree ("payer_profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_provider_key" ON "checkout_sessions" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_org_idx" ON "checkout_sessions" USING btree ("organization_id","created_at");