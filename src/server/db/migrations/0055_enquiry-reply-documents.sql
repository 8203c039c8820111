CREATE TABLE "enquiry_reply_documents" (
	"reply_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	CONSTRAINT "enquiry_reply_documents_reply_id_document_id_pk" PRIMARY KEY("reply_id","document_id")
);
--> statement-breakpoint
ALTER TABLE "enquiry_reply_documents" ADD CONSTRAINT "enquiry_reply_documents_reply_id_enquiry_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."enquiry_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_reply_documents" ADD CONSTRAINT "enquiry_reply_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiry_reply_documents_document_idx" ON "enquiry_reply_documents" USING btree ("document_id");