CREATE TABLE "chain_date_mover_answers" (
	"proposal_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"role" text NOT NULL,
	"suits" boolean NOT NULL,
	"note" text,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_date_mover_answers_role_check" CHECK ("chain_date_mover_answers"."role" in ('buyer', 'seller')),
	CONSTRAINT "chain_date_mover_answers_note_length" CHECK (char_length("chain_date_mover_answers"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "chain_date_mover_answers" ADD CONSTRAINT "chain_date_mover_answers_proposal_id_chain_date_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."chain_date_proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_date_mover_answers" ADD CONSTRAINT "chain_date_mover_answers_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_date_mover_answers" ADD CONSTRAINT "chain_date_mover_answers_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_date_mover_answers_key" ON "chain_date_mover_answers" USING btree ("proposal_id","transaction_id","profile_id");