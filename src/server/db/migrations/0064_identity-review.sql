ALTER TABLE "cdd_records" ADD COLUMN "identity_review" text;--> statement-breakpoint
ALTER TABLE "cdd_records" ADD COLUMN "identity_review_note" text;--> statement-breakpoint
ALTER TABLE "cdd_records" ADD COLUMN "identity_review_check_id" uuid;--> statement-breakpoint
ALTER TABLE "cdd_records" ADD COLUMN "identity_reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "cdd_records" ADD COLUMN "identity_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD COLUMN "document_authentic" boolean;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD COLUMN "chip_read" boolean;--> statement-breakpoint
ALTER TABLE "cdd_records" ADD CONSTRAINT "cdd_records_identity_review_check_id_identity_checks_id_fk" FOREIGN KEY ("identity_review_check_id") REFERENCES "public"."identity_checks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cdd_records" ADD CONSTRAINT "cdd_records_identity_reviewed_by_profiles_id_fk" FOREIGN KEY ("identity_reviewed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cdd_records" ADD CONSTRAINT "cdd_records_identity_review_check" CHECK (identity_review is null or identity_review in ('accepted', 'rejected', 'new_check_requested'));--> statement-breakpoint
-- Checks answered before these columns: the provider's document verdict is inferred as the identity view did (a failure with the selfie passing was the document's); no chip was read by any of them.
UPDATE "identity_checks" SET "document_authentic" = NOT ("status" = 'failed' AND coalesce("face_match", true) AND coalesce("liveness", true)), "chip_read" = false WHERE "status" IN ('verified', 'needs_review', 'failed');
