ALTER TABLE "cdd_records" ADD COLUMN "nationality" text;--> statement-breakpoint
ALTER TABLE "cdd_records" ADD COLUMN "residence_country" text;--> statement-breakpoint
ALTER TABLE "cdd_records" ADD CONSTRAINT "cdd_records_nationality_check" CHECK (nationality is null or nationality ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "cdd_records" ADD CONSTRAINT "cdd_records_residence_country_check" CHECK (residence_country is null or residence_country ~ '^[A-Z]{2}$');