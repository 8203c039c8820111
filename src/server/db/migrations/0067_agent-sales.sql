CREATE TABLE "agent_sales" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"created_by" uuid,
	"buyer_position" text,
	"seller_name" text,
	"seller_email" text,
	"buyer_name" text,
	"buyer_email" text,
	"funding" text,
	"seller_address" text,
	"buyer_address" text,
	"special_conditions" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_sales_buyer_position_check" CHECK (buyer_position is null or buyer_position in ('first_time_buyer', 'chain_free', 'sale_to_complete')),
	CONSTRAINT "agent_sales_funding_check" CHECK (funding is null or funding in ('mortgage', 'cash')),
	CONSTRAINT "agent_sales_special_conditions_length" CHECK (char_length(special_conditions) <= 2000)
);
--> statement-breakpoint
ALTER TABLE "agent_sales" ADD CONSTRAINT "agent_sales_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_sales" ADD CONSTRAINT "agent_sales_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;