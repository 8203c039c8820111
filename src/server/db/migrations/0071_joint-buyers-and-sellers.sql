CREATE TABLE "purchaser_tax_answers" (
	"transaction_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"first_time_buyer" boolean DEFAULT false NOT NULL,
	"additional_property" boolean DEFAULT false NOT NULL,
	"non_resident" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_form_signatures" (
	"form_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"signed_name" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitations" DROP CONSTRAINT "invitations_role_check";--> statement-breakpoint
ALTER TABLE "purchaser_tax_answers" ADD CONSTRAINT "purchaser_tax_answers_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchaser_tax_answers" ADD CONSTRAINT "purchaser_tax_answers_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_form_signatures" ADD CONSTRAINT "property_form_signatures_form_id_property_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."property_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_form_signatures" ADD CONSTRAINT "property_form_signatures_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchaser_tax_answers_key" ON "purchaser_tax_answers" USING btree ("transaction_id","profile_id");--> statement-breakpoint
CREATE INDEX "purchaser_tax_answers_profile_idx" ON "purchaser_tax_answers" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "property_form_signatures_key" ON "property_form_signatures" USING btree ("form_id","profile_id");--> statement-breakpoint
CREATE INDEX "property_form_signatures_profile_idx" ON "property_form_signatures" USING btree ("profile_id");--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_role_check" CHECK (role in ('buyer', 'seller', 'buyer_conveyancer', 'seller_conveyancer', 'surveyor', 'mortgage_broker', 'estate_agent', 'co_buyer', 'co_seller', 'giftor'));