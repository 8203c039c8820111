ALTER TABLE "matters" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX "matters_org_reference_key" ON "matters" USING btree ("organization_id","reference");--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_reference_length" CHECK ("matters"."reference" is null or char_length("matters"."reference") between 1 and 40);