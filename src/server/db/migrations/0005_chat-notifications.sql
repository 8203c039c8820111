CREATE TABLE "message_attachments" (
	"message_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	CONSTRAINT "message_attachments_message_id_document_id_pk" PRIMARY KEY("message_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "message_mentions" (
	"message_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	CONSTRAINT "message_mentions_message_id_profile_id_pk" PRIMARY KEY("message_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "message_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"title" text NOT NULL,
	"topic" text NOT NULL,
	"topic_ref" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone,
	CONSTRAINT "message_threads_topic_check" CHECK (topic in ('general', 'stage', 'document', 'enquiry', 'other')),
	CONSTRAINT "message_threads_title_length" CHECK (char_length("message_threads"."title") between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "thread_reads" (
	"thread_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"last_read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "thread_reads_thread_id_profile_id_pk" PRIMARY KEY("thread_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"email" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"digest" boolean DEFAULT false NOT NULL,
	"last_digest_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"transaction_id" uuid,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"link" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_check" CHECK (kind in ('mention', 'invitation', 'stage_completed', 'signature_requested', 'status_changed', 'update_requested')),
	CONSTRAINT "notifications_link_check" CHECK ("notifications"."link" like '/%' and "notifications"."link" not like '//%')
);
--> statement-breakpoint
CREATE TABLE "update_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	CONSTRAINT "update_requests_note_length" CHECK ("update_requests"."note" is null or char_length("update_requests"."note") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_body_length";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "thread_id" uuid;--> statement-breakpoint
-- Every transaction gets its 'General' thread; messages written before threads existed move into it.
INSERT INTO "message_threads" ("transaction_id", "title", "topic", "created_at", "last_message_at")
  SELECT t.id, 'General', 'general', t.created_at,
    (SELECT max(m.created_at) FROM "messages" m WHERE m.transaction_id = t.id)
  FROM "transactions" t;--> statement-breakpoint
UPDATE "messages" m SET "thread_id" = th.id FROM "message_threads" th
  WHERE th.transaction_id = m.transaction_id AND th.topic = 'general';--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "thread_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_mentions" ADD CONSTRAINT "message_mentions_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_mentions" ADD CONSTRAINT "message_mentions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_reads" ADD CONSTRAINT "thread_reads_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_reads" ADD CONSTRAINT "thread_reads_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_requests" ADD CONSTRAINT "update_requests_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_requests" ADD CONSTRAINT "update_requests_requested_by_profiles_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_requests" ADD CONSTRAINT "update_requests_answered_by_profiles_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_attachments_document_idx" ON "message_attachments" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "message_mentions_profile_idx" ON "message_mentions" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "message_threads_tx_idx" ON "message_threads" USING btree ("transaction_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "message_threads_one_general_key" ON "message_threads" USING btree ("transaction_id") WHERE topic = 'general';--> statement-breakpoint
CREATE INDEX "notifications_profile_created_idx" ON "notifications" USING btree ("profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_profile_unread_idx" ON "notifications" USING btree ("profile_id") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "update_requests_tx_requester_idx" ON "update_requests" USING btree ("transaction_id","requested_by","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_thread_created_idx" ON "messages" USING btree ("thread_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_body_length" CHECK (char_length("messages"."body_md") <= 10000 and ("messages"."deleted_at" is not null or char_length("messages"."body_md") >= 1));--> statement-breakpoint
-- Every transaction has exactly one 'General' thread from the moment it exists, whichever code path
-- creates it (the create use case, the demo seed, benchmarks): written in the same database transaction.
CREATE FUNCTION homeward_create_general_thread() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_threads (transaction_id, title, topic, created_by, created_at)
    VALUES (NEW.id, 'General', 'general', NEW.created_by, NEW.created_at)
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_general_thread AFTER INSERT ON transactions
  FOR EACH ROW EXECUTE FUNCTION homeward_create_general_thread();
