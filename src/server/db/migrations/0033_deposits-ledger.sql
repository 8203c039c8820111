CREATE TABLE "deposit_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"release_id" uuid NOT NULL,
	"approver_id" uuid NOT NULL,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_approvals_once_key" UNIQUE("release_id","approver_id")
);
--> statement-breakpoint
CREATE TABLE "deposit_payee_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deposit_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"name_checked" text NOT NULL,
	"result" text NOT NULL,
	"registered_name" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_payee_checks_result_check" CHECK ("deposit_payee_checks"."result" in ('match', 'close_match', 'no_match'))
);
--> statement-breakpoint
CREATE TABLE "deposit_releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deposit_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"stage" text,
	"amount_pence" bigint NOT NULL,
	"payee_name" text,
	"payee_sort_code" text,
	"payee_account_number" text,
	"organization_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"executed_at" timestamp with time zone,
	"partner_payment_id" text,
	CONSTRAINT "deposit_releases_kind_check" CHECK ("deposit_releases"."kind" in ('release', 'refund')),
	CONSTRAINT "deposit_releases_stage_check" CHECK ("deposit_releases"."stage" is null or "deposit_releases"."stage" in ('exchange', 'completion')),
	CONSTRAINT "deposit_releases_status_check" CHECK ("deposit_releases"."status" in ('pending', 'executed', 'cancelled')),
	CONSTRAINT "deposit_releases_amount_positive" CHECK ("deposit_releases"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"partner" text NOT NULL,
	"partner_account_id" text NOT NULL,
	"amount_pence" bigint NOT NULL,
	"account_name" text NOT NULL,
	"sort_code" text NOT NULL,
	"account_number" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'awaiting_funds' NOT NULL,
	"set_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_amount_positive" CHECK ("deposits"."amount_pence" > 0),
	CONSTRAINT "deposits_status_check" CHECK (status in ('awaiting_funds', 'part_received', 'held', 'released', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"code" text NOT NULL,
	"balance_pence" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_accounts_code_check" CHECK (code in ('buyer_payments', 'held_for_buyer', 'released_to_seller', 'refunded')),
	CONSTRAINT "ledger_accounts_never_overdrawn" CHECK ("ledger_accounts"."code" = 'buyer_payments' or "ledger_accounts"."balance_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"external_ref" text,
	"release_id" uuid,
	"created_by" uuid,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('funds_received', 'release', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_pence" bigint NOT NULL,
	CONSTRAINT "ledger_lines_amount_nonzero" CHECK ("ledger_lines"."amount_pence" <> 0)
);
--> statement-breakpoint
ALTER TABLE "deposit_approvals" ADD CONSTRAINT "deposit_approvals_release_id_deposit_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."deposit_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_approvals" ADD CONSTRAINT "deposit_approvals_approver_id_profiles_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_payee_checks" ADD CONSTRAINT "deposit_payee_checks_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_payee_checks" ADD CONSTRAINT "deposit_payee_checks_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_releases" ADD CONSTRAINT "deposit_releases_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_releases" ADD CONSTRAINT "deposit_releases_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_releases" ADD CONSTRAINT "deposit_releases_requested_by_profiles_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_set_by_profiles_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_release_id_deposit_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."deposit_releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_payee_checks_deposit_idx" ON "deposit_payee_checks" USING btree ("deposit_id","profile_id","checked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_releases_one_pending_key" ON "deposit_releases" USING btree ("deposit_id") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_transaction_key" ON "deposits" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_partner_account_key" ON "deposits" USING btree ("partner","partner_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_tx_code_key" ON "ledger_accounts" USING btree ("transaction_id","code");--> statement-breakpoint
CREATE INDEX "ledger_entries_tx_idx" ON "ledger_entries" USING btree ("transaction_id","posted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_external_ref_key" ON "ledger_entries" USING btree ("external_ref");--> statement-breakpoint
CREATE INDEX "ledger_lines_entry_idx" ON "ledger_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_account_idx" ON "ledger_lines" USING btree ("account_id");