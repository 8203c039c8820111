-- Sign-up is atomic: the profile and the stored role are written by the same INSERT that creates the
-- auth user, inside Better Auth's sign-up transaction. If either write fails (no role, an unknown role,
-- a clashing profile), the user, account and session rows roll back with it: no account is ever left
-- without a profile or a role. See docs/decisions/004-atomic-sign-up.md.
CREATE FUNCTION homeward_create_profile_for_user() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  new_profile_id uuid;
BEGIN
  IF NEW.signup_role IS NULL THEN
    RAISE EXCEPTION 'A role is required to create an account'
      USING ERRCODE = 'not_null_violation', COLUMN = 'signup_role', TABLE = 'user';
  END IF;
  INSERT INTO profiles (auth_id, full_name, email)
    VALUES (NEW.id, NEW.name, NEW.email)
    RETURNING id INTO new_profile_id;
  INSERT INTO user_roles (user_id, role) VALUES (new_profile_id, NEW.signup_role);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_create_profile AFTER INSERT ON "user"
  FOR EACH ROW EXECUTE FUNCTION homeward_create_profile_for_user();
