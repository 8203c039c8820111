CREATE TABLE "document_upload_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" text DEFAULT 'in_flight' NOT NULL,
	"document_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_upload_keys_status_check" CHECK ("document_upload_keys"."status" in ('in_flight', 'done')),
	CONSTRAINT "document_upload_keys_key_length" CHECK (char_length("document_upload_keys"."idempotency_key") between 1 and 255)
);
--> statement-breakpoint
CREATE TABLE "signature_request_signers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sort_index" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"consented_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"method" text,
	"typed_name" text,
	"signature_png" text,
	"ip" text,
	"user_agent" text,
	"declined_at" timestamp with time zone,
	"declined_reason" text,
	CONSTRAINT "signature_request_signers_status_check" CHECK ("signature_request_signers"."status" in ('pending', 'signed', 'declined')),
	CONSTRAINT "signature_request_signers_method_check" CHECK ("signature_request_signers"."method" is null or "signature_request_signers"."method" in ('typed', 'drawn')),
	CONSTRAINT "signature_request_signers_png_length" CHECK (char_length("signature_request_signers"."signature_png") <= 300000),
	CONSTRAINT "signature_request_signers_reason_length" CHECK (char_length("signature_request_signers"."declined_reason") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "signature_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"document_sha256" text NOT NULL,
	"provider" text DEFAULT 'builtin' NOT NULL,
	"requested_by" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"in_order" boolean DEFAULT false NOT NULL,
	"message" text,
	"page" integer,
	"signed_document_id" uuid,
	"signed_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "signature_requests_status_check" CHECK ("signature_requests"."status" in ('pending', 'completed', 'declined', 'cancelled')),
	CONSTRAINT "signature_requests_page_check" CHECK ("signature_requests"."page" is null or "signature_requests"."page" >= 1),
	CONSTRAINT "signature_requests_message_length" CHECK (char_length("signature_requests"."message") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "activity_events" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "activity_events" ADD COLUMN "actor_ref" uuid;--> statement-breakpoint
ALTER TABLE "activity_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "activity_events" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "activity_events" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "document_upload_keys" ADD CONSTRAINT "document_upload_keys_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_upload_keys" ADD CONSTRAINT "document_upload_keys_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_upload_keys" ADD CONSTRAINT "document_upload_keys_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_signers" ADD CONSTRAINT "signature_request_signers_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_signers" ADD CONSTRAINT "signature_request_signers_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_requested_by_profiles_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_signed_document_id_documents_id_fk" FOREIGN KEY ("signed_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_upload_keys_key" ON "document_upload_keys" USING btree ("transaction_id","user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_request_signers_user_key" ON "signature_request_signers" USING btree ("request_id","user_id");--> statement-breakpoint
CREATE INDEX "signature_request_signers_user_idx" ON "signature_request_signers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "signature_requests_tx_idx" ON "signature_requests" USING btree ("transaction_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "signature_requests_document_idx" ON "signature_requests" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_events_tx_seq_key" ON "activity_events" USING btree ("transaction_id","seq");