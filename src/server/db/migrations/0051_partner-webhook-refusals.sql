CREATE TABLE "partner_webhook_refusals" (
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"provider" text NOT NULL,
	"last_webhook_id" text,
	"last_reason" text NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_webhook_refusals_kind_source_minute_pk" PRIMARY KEY("kind","source","minute"),
	CONSTRAINT "partner_webhook_refusals_kind_length" CHECK (char_length("partner_webhook_refusals"."kind") between 1 and 64),
	CONSTRAINT "partner_webhook_refusals_source_length" CHECK (char_length("partner_webhook_refusals"."source") between 1 and 64),
	CONSTRAINT "partner_webhook_refusals_provider_length" CHECK (char_length("partner_webhook_refusals"."provider") between 1 and 64),
	CONSTRAINT "partner_webhook_refusals_id_length" CHECK (char_length("partner_webhook_refusals"."last_webhook_id") <= 64),
	CONSTRAINT "partner_webhook_refusals_reason_length" CHECK (char_length("partner_webhook_refusals"."last_reason") <= 200)
);
--> statement-breakpoint
CREATE INDEX "partner_webhook_refusals_minute_idx" ON "partner_webhook_refusals" USING btree ("minute");