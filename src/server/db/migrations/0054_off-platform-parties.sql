CREATE TABLE "off_platform_parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"role" text NOT NULL,
	"firm_name" text NOT NULL,
	"person_name" text,
	"email" text NOT NULL,
	"phone" text,
	"regulator" text,
	"regulator_number" text,
	"recorded_by" uuid,
	"joined_participant_id" uuid,
	"joined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "off_platform_parties_role_check" CHECK (role in ('buyer_conveyancer', 'seller_conveyancer', 'estate_agent', 'buyers_agent', 'mortgage_broker', 'surveyor')),
	CONSTRAINT "off_platform_parties_regulator_check" CHECK (regulator is null or regulator in ('sra', 'clc', 'rics', 'fca', 'propertymark', 'tpo')),
	CONSTRAINT "off_platform_parties_firm_name_length" CHECK (char_length("off_platform_parties"."firm_name") between 1 and 200),
	CONSTRAINT "off_platform_parties_email_lower" CHECK ("off_platform_parties"."email" = lower("off_platform_parties"."email"))
);
--> statement-breakpoint
ALTER TABLE "off_platform_parties" ADD CONSTRAINT "off_platform_parties_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "off_platform_parties" ADD CONSTRAINT "off_platform_parties_recorded_by_profiles_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "off_platform_parties" ADD CONSTRAINT "off_platform_parties_joined_participant_id_transaction_participants_id_fk" FOREIGN KEY ("joined_participant_id") REFERENCES "public"."transaction_participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "off_platform_parties_open_seat_key" ON "off_platform_parties" USING btree ("transaction_id","role") WHERE joined_at is null;--> statement-breakpoint
CREATE INDEX "off_platform_parties_tx_idx" ON "off_platform_parties" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "off_platform_parties_email_idx" ON "off_platform_parties" USING btree ("email");