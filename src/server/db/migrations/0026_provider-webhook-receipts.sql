CREATE TABLE "provider_webhook_receipts" (
	"provider" text NOT NULL,
	"webhook_id" text NOT NULL,
	"event_type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_webhook_receipts_provider_webhook_id_pk" PRIMARY KEY("provider","webhook_id")
);
--> statement-breakpoint
CREATE INDEX "provider_webhook_receipts_received_idx" ON "provider_webhook_receipts" USING btree ("received_at");