CREATE TABLE "title_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"title_number" text NOT NULL,
	"provider" text NOT NULL,
	"requested_by" uuid,
	"register" jsonb NOT NULL,
	"flags" jsonb NOT NULL,
	"document_id" uuid,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "title_checks" ADD CONSTRAINT "title_checks_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_checks" ADD CONSTRAINT "title_checks_requested_by_profiles_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_checks" ADD CONSTRAINT "title_checks_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "title_checks_tx_idx" ON "title_checks" USING btree ("transaction_id","checked_at");