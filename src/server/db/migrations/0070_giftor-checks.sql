ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role_check";--> statement-breakpoint
ALTER TABLE "bank_consents" ADD COLUMN "gift_id" uuid;--> statement-breakpoint
ALTER TABLE "funding_gifts" ADD COLUMN "screening_status" text DEFAULT 'not_started' NOT NULL;--> statement-breakpoint
ALTER TABLE "funding_gifts" ADD COLUMN "screening_provider" text;--> statement-breakpoint
ALTER TABLE "funding_gifts" ADD COLUMN "screening_ref" text;--> statement-breakpoint
ALTER TABLE "funding_gifts" ADD COLUMN "screening_sealed" text;--> statement-breakpoint
ALTER TABLE "funding_gifts" ADD COLUMN "sanctions_match" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "funding_gifts" ADD COLUMN "pep" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "funding_gifts" ADD COLUMN "screened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_consents" ADD CONSTRAINT "bank_consents_gift_id_funding_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."funding_gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funding_gifts_screening_ref_idx" ON "funding_gifts" USING btree ("screening_ref");--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_check" CHECK (role in ('consumer_buyer', 'consumer_seller', 'pro_conveyancer', 'pro_surveyor', 'pro_broker', 'pro_agent', 'consumer_giftor'));--> statement-breakpoint
ALTER TABLE "funding_gifts" ADD CONSTRAINT "funding_gifts_screening_check" CHECK (screening_status in ('not_started', 'pending', 'clear', 'possible_match'));