CREATE TABLE "enquiry_reply_link_enquiries" (
	"link_id" uuid NOT NULL,
	"enquiry_id" uuid NOT NULL,
	CONSTRAINT "enquiry_reply_link_enquiries_link_id_enquiry_id_pk" PRIMARY KEY("link_id","enquiry_id")
);
--> statement-breakpoint
CREATE TABLE "enquiry_reply_link_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "enquiry_reply_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"party_id" uuid,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "enquiry_reply_links_revoked_reason_check" CHECK ("enquiry_reply_links"."revoked_reason" is null or "enquiry_reply_links"."revoked_reason" in ('superseded', 'joined', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "received_on" date;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "received_via" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "logged_by" uuid;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "raised_by_label" text;--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD COLUMN "author_party_id" uuid;--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD COLUMN "author_label" text;--> statement-breakpoint
ALTER TABLE "enquiry_reply_link_enquiries" ADD CONSTRAINT "enquiry_reply_link_enquiries_link_id_enquiry_reply_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."enquiry_reply_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_reply_link_enquiries" ADD CONSTRAINT "enquiry_reply_link_enquiries_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_reply_link_uploads" ADD CONSTRAINT "enquiry_reply_link_uploads_link_id_enquiry_reply_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."enquiry_reply_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_reply_links" ADD CONSTRAINT "enquiry_reply_links_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_reply_links" ADD CONSTRAINT "enquiry_reply_links_party_id_off_platform_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."off_platform_parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_reply_links" ADD CONSTRAINT "enquiry_reply_links_sent_by_profiles_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiry_reply_link_enquiries_enquiry_idx" ON "enquiry_reply_link_enquiries" USING btree ("enquiry_id");--> statement-breakpoint
CREATE INDEX "enquiry_reply_link_uploads_link_idx" ON "enquiry_reply_link_uploads" USING btree ("link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enquiry_reply_links_token_hash_key" ON "enquiry_reply_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "enquiry_reply_links_tx_idx" ON "enquiry_reply_links" USING btree ("transaction_id");--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_logged_by_profiles_id_fk" FOREIGN KEY ("logged_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD CONSTRAINT "enquiry_replies_author_party_id_off_platform_parties_id_fk" FOREIGN KEY ("author_party_id") REFERENCES "public"."off_platform_parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_received_via_check" CHECK ("enquiries"."received_via" is null or "enquiries"."received_via" in ('email', 'letter'));