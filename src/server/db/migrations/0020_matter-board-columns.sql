ALTER TABLE "matters" ADD COLUMN "client_names" text[];--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "last_activity_at" timestamp with time zone;