CREATE TABLE "invitation_superseded_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"invitation_id" uuid NOT NULL,
	"superseded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitation_superseded_tokens" ADD CONSTRAINT "invitation_superseded_tokens_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_superseded_tokens_invitation_idx" ON "invitation_superseded_tokens" USING btree ("invitation_id");