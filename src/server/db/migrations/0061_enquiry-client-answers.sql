ALTER TABLE "enquiries" ADD COLUMN "buyer_task_id" uuid;--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD COLUMN "state" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD COLUMN "client_task_id" uuid;--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD COLUMN "client_body" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_buyer_task_id_tasks_id_fk" FOREIGN KEY ("buyer_task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD CONSTRAINT "enquiry_replies_client_task_id_tasks_id_fk" FOREIGN KEY ("client_task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD CONSTRAINT "enquiry_replies_client_id_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enquiry_replies_client_task_key" ON "enquiry_replies" USING btree ("client_task_id") WHERE client_task_id is not null;--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD CONSTRAINT "enquiry_replies_state_check" CHECK (state in ('sent', 'draft', 'discarded', 'unsent'));