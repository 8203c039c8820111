CREATE TABLE "cdd_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"client_profile_id" uuid NOT NULL,
	"side" text NOT NULL,
	"identity_check_id" uuid,
	"screening_status" text DEFAULT 'pending' NOT NULL,
	"screening_provider" text,
	"screening_ref" text,
	"screening_sealed" text,
	"sanctions_match" boolean DEFAULT false NOT NULL,
	"pep" boolean DEFAULT false NOT NULL,
	"edd_sealed" text,
	"source_of_wealth_document_id" uuid,
	"reliance_firm" text,
	"reliance_consent_on" date,
	"reliance_note" text,
	"decision" text,
	"decision_note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"relationship_ended_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cdd_records_side_check" CHECK (side in ('buyer', 'seller')),
	CONSTRAINT "cdd_records_screening_check" CHECK (screening_status in ('pending', 'clear', 'possible_match')),
	CONSTRAINT "cdd_records_decision_check" CHECK (decision is null or decision in ('approve', 'refer', 'reject')),
	CONSTRAINT "cdd_records_reliance_check" CHECK ((reliance_firm is null) = (reliance_consent_on is null))
);
--> statement-breakpoint
CREATE TABLE "identity_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"provider" text NOT NULL,
	"provider_check_id" text,
	"document_type" text,
	"document_sealed" text,
	"document_expires_on" date,
	"document_image_key" text,
	"selfie_image_key" text,
	"address_sealed" text,
	"result_sealed" text,
	"face_match" boolean,
	"liveness" boolean,
	"confidence" text,
	"failure_reason" text,
	"submitted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_checks_status_check" CHECK (status in ('in_progress', 'processing', 'verified', 'needs_review', 'failed')),
	CONSTRAINT "identity_checks_document_type_check" CHECK (document_type is null or document_type in ('passport', 'driving_licence'))
);
--> statement-breakpoint
ALTER TABLE "cdd_records" ADD CONSTRAINT "cdd_records_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cdd_records" ADD CONSTRAINT "cdd_records_client_profile_id_profiles_id_fk" FOREIGN KEY ("client_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cdd_records" ADD CONSTRAINT "cdd_records_identity_check_id_identity_checks_id_fk" FOREIGN KEY ("identity_check_id") REFERENCES "public"."identity_checks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cdd_records" ADD CONSTRAINT "cdd_records_source_of_wealth_document_id_documents_id_fk" FOREIGN KEY ("source_of_wealth_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cdd_records" ADD CONSTRAINT "cdd_records_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cdd_records_tx_client_key" ON "cdd_records" USING btree ("transaction_id","client_profile_id");--> statement-breakpoint
CREATE INDEX "cdd_records_client_idx" ON "cdd_records" USING btree ("client_profile_id");--> statement-breakpoint
CREATE INDEX "cdd_records_screening_ref_idx" ON "cdd_records" USING btree ("screening_ref");--> statement-breakpoint
CREATE INDEX "identity_checks_profile_idx" ON "identity_checks" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_checks_provider_ref_key" ON "identity_checks" USING btree ("provider","provider_check_id");