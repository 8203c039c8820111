ALTER TABLE "invitations" DROP CONSTRAINT "invitations_role_check";--> statement-breakpoint
DROP INDEX "invitations_pending_email_key";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "audience" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "gift_id" uuid;--> statement-breakpoint
ALTER TABLE "funding_gifts" ADD COLUMN "giftor_profile_id" uuid;--> statement-breakpoint
ALTER TABLE "funding_gifts" ADD COLUMN "source_of_money" text;--> statement-breakpoint
ALTER TABLE "funding_gifts" ADD COLUMN "giftor_will_live" boolean;--> statement-breakpoint
ALTER TABLE "funding_gifts" ADD COLUMN "identity_check_id" uuid;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_gift_id_funding_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."funding_gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_gifts" ADD CONSTRAINT "funding_gifts_giftor_profile_id_profiles_id_fk" FOREIGN KEY ("giftor_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_gift_key" ON "invitations" USING btree ("gift_id");--> statement-breakpoint
CREATE INDEX "funding_gifts_giftor_idx" ON "funding_gifts" USING btree ("giftor_profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_email_key" ON "invitations" USING btree ("transaction_id","email") WHERE status = 'pending' and gift_id is null;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_audience_check" CHECK ("documents"."audience" is null or "documents"."audience" = 'buyer_funds');--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_role_check" CHECK (role in ('buyer', 'seller', 'buyer_conveyancer', 'seller_conveyancer', 'surveyor', 'mortgage_broker', 'estate_agent', 'giftor'));--> statement-breakpoint
ALTER TABLE "funding_gifts" ADD CONSTRAINT "funding_gifts_source_length" CHECK ("funding_gifts"."source_of_money" is null or char_length("funding_gifts"."source_of_money") between 1 and 1000);