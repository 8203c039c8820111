ALTER TABLE "organizations" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "offices" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "services" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "regulator" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "regulator_number" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "regulator_status" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "regulator_checked_by" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "regulator_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "regulator_registered_name" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_regulator_check" CHECK (regulator is null or regulator in ('sra', 'clc', 'rics', 'fca', 'propertymark', 'tpo'));--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_regulator_status_check" CHECK (regulator_status is null or regulator_status in ('verified', 'not_found', 'unavailable'));