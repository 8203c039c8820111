CREATE TABLE "property_form_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"question" text NOT NULL,
	"document_id" uuid NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"form" text NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_by" uuid,
	"signed_name" text,
	"signed_at" timestamp with time zone,
	"document_id" uuid,
	CONSTRAINT "property_forms_form_check" CHECK (form in ('ta6', 'ta10'))
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "form_question" text;--> statement-breakpoint
ALTER TABLE "property_form_evidence" ADD CONSTRAINT "property_form_evidence_form_id_property_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."property_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_form_evidence" ADD CONSTRAINT "property_form_evidence_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_form_evidence" ADD CONSTRAINT "property_form_evidence_added_by_profiles_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_forms" ADD CONSTRAINT "property_forms_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_forms" ADD CONSTRAINT "property_forms_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_forms" ADD CONSTRAINT "property_forms_signed_by_profiles_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_forms" ADD CONSTRAINT "property_forms_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "property_form_evidence_key" ON "property_form_evidence" USING btree ("form_id","question","document_id");--> statement-breakpoint
CREATE INDEX "property_form_evidence_form_idx" ON "property_form_evidence" USING btree ("form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "property_forms_tx_form_key" ON "property_forms" USING btree ("transaction_id","form");