-- Server processes keep who-is-signed-in-with-this-cookie for a while (auth/viewer-cache.ts), so
-- every write that ends a session or changes what a viewer is made of (their user row, profile or
-- roles) announces it on the channel homeward_viewer, with the auth user id as payload. The
-- notification is delivered at commit, never on rollback, to every listening connection: the one
-- that wrote (before its COMMIT returns, so this process forgets at once) and the LISTEN connection
-- of every other server process. Triggers, not application code, so that no writer can forget:
-- Better Auth's own sign-out, revocation and password paths, our features, and an operator's SQL.
-- A session whose lifetime only grows (renewal on use) is not announced: a kept copy carries the
-- older, shorter expiry and is read again when it passes.
CREATE FUNCTION homeward_announce_viewer_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  auth_id text;
BEGIN
  IF TG_TABLE_NAME = 'session' THEN
    IF TG_OP = 'UPDATE' THEN
      IF NEW.user_id = OLD.user_id AND NEW.token = OLD.token AND NEW.created_at = OLD.created_at
         AND NEW.expires_at >= OLD.expires_at THEN
        RETURN NULL;
      END IF;
      IF NEW.user_id <> OLD.user_id THEN PERFORM pg_notify('homeward_viewer', NEW.user_id); END IF;
    END IF;
    PERFORM pg_notify('homeward_viewer', OLD.user_id);
  ELSIF TG_TABLE_NAME = 'user' THEN
    PERFORM pg_notify('homeward_viewer', OLD.id);
  ELSIF TG_TABLE_NAME = 'profiles' THEN
    IF OLD.auth_id IS NOT NULL THEN PERFORM pg_notify('homeward_viewer', OLD.auth_id); END IF;
    IF TG_OP = 'UPDATE' THEN
      IF NEW.auth_id IS NOT NULL AND NEW.auth_id IS DISTINCT FROM OLD.auth_id THEN
        PERFORM pg_notify('homeward_viewer', NEW.auth_id);
      END IF;
    END IF;
  ELSE
    -- user_roles: the role belongs to a profile; its auth user is the viewer that changed.
    IF TG_OP <> 'DELETE' THEN
      SELECT p.auth_id INTO auth_id FROM profiles p WHERE p.id = NEW.user_id;
      IF auth_id IS NOT NULL THEN PERFORM pg_notify('homeward_viewer', auth_id); END IF;
    END IF;
    IF TG_OP <> 'INSERT' THEN
      SELECT p.auth_id INTO auth_id FROM profiles p WHERE p.id = OLD.user_id;
      IF auth_id IS NOT NULL THEN PERFORM pg_notify('homeward_viewer', auth_id); END IF;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER session_viewer_change AFTER UPDATE OR DELETE ON session
  FOR EACH ROW EXECUTE FUNCTION homeward_announce_viewer_change();
--> statement-breakpoint
CREATE TRIGGER user_viewer_change AFTER UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION homeward_announce_viewer_change();
--> statement-breakpoint
CREATE TRIGGER profiles_viewer_change AFTER UPDATE OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION homeward_announce_viewer_change();
--> statement-breakpoint
CREATE TRIGGER user_roles_viewer_change AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION homeward_announce_viewer_change();
