CREATE TABLE "completion_fee_acceptances" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"payer_profile_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"customer_ref" text,
	"setup_session_ref" text,
	"payment_method_ref" text,
	"card_label" text,
	"failure_reason" text,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "completion_fee_acceptances_status_check" CHECK ("completion_fee_acceptances"."status" in ('pending', 'accepted', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "completion_fees" ADD COLUMN "payment_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "completion_fee_acceptances" ADD CONSTRAINT "completion_fee_acceptances_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completion_fee_acceptances" ADD CONSTRAINT "completion_fee_acceptances_payer_profile_id_profiles_id_fk" FOREIGN KEY ("payer_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "completion_fee_acceptances_session_key" ON "completion_fee_acceptances" USING btree ("provider","setup_session_ref");