CREATE TABLE "mortgage_recommendations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"lender" text NOT NULL,
	"product" text NOT NULL,
	"rate_percent" numeric(6, 3) NOT NULL,
	"term_months" integer NOT NULL,
	"fees_pence" bigint NOT NULL,
	"reasons" text NOT NULL,
	"deal_ends_on" date,
	"esis_document_id" uuid,
	"reminded_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mortgage_recommendations_term_check" CHECK ("mortgage_recommendations"."term_months" between 12 and 480),
	CONSTRAINT "mortgage_recommendations_fees_check" CHECK ("mortgage_recommendations"."fees_pence" >= 0),
	CONSTRAINT "mortgage_recommendations_rate_check" CHECK ("mortgage_recommendations"."rate_percent" >= 0 and "mortgage_recommendations"."rate_percent" <= 25)
);
--> statement-breakpoint
ALTER TABLE "mortgage_cases" ALTER COLUMN "transaction_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mortgage_cases" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "mortgage_cases" ADD COLUMN "client_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mortgage_cases" ADD COLUMN "client_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mortgage_cases" ADD COLUMN "client_status" text DEFAULT 'client' NOT NULL;--> statement-breakpoint
ALTER TABLE "mortgage_cases" ADD COLUMN "fact_find" jsonb;--> statement-breakpoint
ALTER TABLE "mortgage_recommendations" ADD CONSTRAINT "mortgage_recommendations_case_id_mortgage_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."mortgage_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mortgage_recommendations" ADD CONSTRAINT "mortgage_recommendations_esis_document_id_documents_id_fk" FOREIGN KEY ("esis_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mortgage_recommendations" ADD CONSTRAINT "mortgage_recommendations_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mortgage_recommendations_case_idx" ON "mortgage_recommendations" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "mortgage_recommendations_deal_due_idx" ON "mortgage_recommendations" USING btree ("deal_ends_on") WHERE reminded_at is null;--> statement-breakpoint
ALTER TABLE "mortgage_cases" ADD CONSTRAINT "mortgage_cases_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mortgage_cases_org_idx" ON "mortgage_cases" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "mortgage_cases" ADD CONSTRAINT "mortgage_cases_client_status_check" CHECK (client_status in ('lead', 'client'));--> statement-breakpoint
ALTER TABLE "mortgage_cases" ADD CONSTRAINT "mortgage_cases_named_client" CHECK ("mortgage_cases"."transaction_id" is not null or "mortgage_cases"."buyer_name" is not null);