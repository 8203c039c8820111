CREATE TABLE "matters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"side" text NOT NULL,
	"fee_earner_id" uuid,
	"client_name" text NOT NULL,
	"client_email" text,
	"instructed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"target_exchange_date" date,
	"target_completion_date" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matters_side_check" CHECK (side in ('buyer', 'seller')),
	CONSTRAINT "matters_client_name_length" CHECK (char_length("matters"."client_name") between 1 and 200),
	CONSTRAINT "matters_target_dates_order" CHECK ("matters"."target_exchange_date" is null or "matters"."target_completion_date" is null or "matters"."target_exchange_date" <= "matters"."target_completion_date")
);
--> statement-breakpoint
CREATE TABLE "organization_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" uuid,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_invitations_role_check" CHECK (role in ('admin', 'fee_earner', 'assistant')),
	CONSTRAINT "organization_invitations_status_check" CHECK (status in ('pending', 'accepted', 'revoked')),
	CONSTRAINT "organization_invitations_email_lower" CHECK ("organization_invitations"."email" = lower("organization_invitations"."email"))
);
--> statement-breakpoint
CREATE TABLE "organization_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" uuid,
	CONSTRAINT "organization_members_role_check" CHECK (role in ('admin', 'fee_earner', 'assistant'))
);
--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_fee_earner_id_profiles_id_fk" FOREIGN KEY ("fee_earner_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_invited_by_profiles_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_accepted_by_profiles_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_removed_by_profiles_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "matters_tx_side_key" ON "matters" USING btree ("transaction_id","side");--> statement-breakpoint
CREATE INDEX "matters_org_instructed_idx" ON "matters" USING btree ("organization_id","instructed_at","id");--> statement-breakpoint
CREATE INDEX "matters_fee_earner_idx" ON "matters" USING btree ("fee_earner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_invitations_token_hash_key" ON "organization_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_invitations_pending_email_key" ON "organization_invitations" USING btree ("organization_id","email") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "organization_members_active_profile_key" ON "organization_members" USING btree ("profile_id") WHERE removed_at is null;--> statement-breakpoint
CREATE INDEX "organization_members_org_idx" ON "organization_members" USING btree ("organization_id","profile_id") WHERE removed_at is null;