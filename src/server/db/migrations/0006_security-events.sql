CREATE TABLE "security_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_events_kind_length" CHECK (char_length("security_events"."kind") between 1 and 64)
);
--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_events_user_created_idx" ON "security_events" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Append-only (issue 7, item 10): no UPDATE, DELETE or TRUNCATE, except an update that only erases
-- personal data (user_id, ip, user_agent to null), as the foreign key's ON DELETE SET NULL does when an
-- account is deleted. Plain PL/pgSQL: works on PGlite and PostgreSQL.
CREATE FUNCTION homeward_security_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (NEW.user_id IS NULL OR NEW.user_id = OLD.user_id)
     AND (NEW.ip IS NULL OR NEW.ip = OLD.ip)
     AND (NEW.user_agent IS NULL OR NEW.user_agent = OLD.user_agent)
     AND (to_jsonb(NEW) - 'user_id' - 'ip' - 'user_agent') = (to_jsonb(OLD) - 'user_id' - 'ip' - 'user_agent') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'security_events is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER security_events_append_only BEFORE UPDATE OR DELETE ON security_events
  FOR EACH ROW EXECUTE FUNCTION homeward_security_events_append_only();
--> statement-breakpoint
CREATE TRIGGER security_events_no_truncate BEFORE TRUNCATE ON security_events
  FOR EACH STATEMENT EXECUTE FUNCTION homeward_security_events_append_only();
