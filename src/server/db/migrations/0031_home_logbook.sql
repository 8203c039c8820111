CREATE TABLE "home_logbooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"address_lines" text[] NOT NULL,
	"postcode" text NOT NULL,
	"uprn" text,
	"tenure" text,
	"title_number" text,
	"purchase_transaction_id" uuid,
	"completed_on" date,
	"price_pence" bigint,
	"pdtf" jsonb NOT NULL,
	"sale_transaction_id" uuid,
	"previous_logbook_id" uuid,
	"handed_over_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_logbooks_tenure_check" CHECK (tenure is null or tenure in ('freehold', 'leasehold'))
);
--> statement-breakpoint
CREATE TABLE "logbook_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"logbook_id" uuid NOT NULL,
	"category" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"source_document_id" uuid,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logbook_documents_category_check" CHECK (category in ('property_information', 'fittings_and_contents', 'epc', 'title', 'guarantees_and_warranties', 'building_control', 'certificates', 'other')),
	CONSTRAINT "logbook_documents_filename_length" CHECK (char_length("logbook_documents"."filename") between 1 and 255)
);
--> statement-breakpoint
CREATE TABLE "logbook_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"logbook_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"done_on" date NOT NULL,
	"cost_pence" bigint,
	"contractor" text,
	"notes" text,
	"document_id" uuid,
	"from_previous_owner" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logbook_entries_kind_check" CHECK (kind in ('boiler_and_heating', 'electrical', 'plumbing', 'roof_and_gutters', 'windows_and_doors', 'damp_and_timber', 'decoration', 'garden', 'improvement', 'other')),
	CONSTRAINT "logbook_entries_title_length" CHECK (char_length("logbook_entries"."title") between 1 and 200),
	CONSTRAINT "logbook_entries_notes_length" CHECK ("logbook_entries"."notes" is null or char_length("logbook_entries"."notes") <= 4000),
	CONSTRAINT "logbook_entries_cost_check" CHECK ("logbook_entries"."cost_pence" is null or "logbook_entries"."cost_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "archived_by" uuid;--> statement-breakpoint
ALTER TABLE "home_logbooks" ADD CONSTRAINT "home_logbooks_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_logbooks" ADD CONSTRAINT "home_logbooks_purchase_transaction_id_transactions_id_fk" FOREIGN KEY ("purchase_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_logbooks" ADD CONSTRAINT "home_logbooks_sale_transaction_id_transactions_id_fk" FOREIGN KEY ("sale_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_documents" ADD CONSTRAINT "logbook_documents_logbook_id_home_logbooks_id_fk" FOREIGN KEY ("logbook_id") REFERENCES "public"."home_logbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_documents" ADD CONSTRAINT "logbook_documents_source_document_id_documents_id_fk" FOREIGN KEY ("source_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_documents" ADD CONSTRAINT "logbook_documents_added_by_profiles_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_entries" ADD CONSTRAINT "logbook_entries_logbook_id_home_logbooks_id_fk" FOREIGN KEY ("logbook_id") REFERENCES "public"."home_logbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_entries" ADD CONSTRAINT "logbook_entries_document_id_logbook_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."logbook_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_entries" ADD CONSTRAINT "logbook_entries_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_logbooks_owner_idx" ON "home_logbooks" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "home_logbooks_owner_purchase_key" ON "home_logbooks" USING btree ("owner_id","purchase_transaction_id");--> statement-breakpoint
CREATE INDEX "home_logbooks_sale_idx" ON "home_logbooks" USING btree ("sale_transaction_id");--> statement-breakpoint
CREATE INDEX "logbook_documents_logbook_idx" ON "logbook_documents" USING btree ("logbook_id","category","filename");--> statement-breakpoint
CREATE INDEX "logbook_documents_storage_key_idx" ON "logbook_documents" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "logbook_entries_logbook_idx" ON "logbook_entries" USING btree ("logbook_id","done_on" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_archived_by_profiles_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;