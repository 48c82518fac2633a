-- Session invalidation: processes that cache a session's actor drop it at once when the session or its user
-- changes. The notice is sent on commit (never for a rolled-back change), from every path that writes these
-- rows. Payloads: 's:<session id>' and 'u:<user id>' on channel herald_auth (src/lib/session-cache.ts).
CREATE OR REPLACE FUNCTION herald_notify_auth() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('herald_auth', 's:' || OLD.id::text);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('herald_auth', 'u:' || OLD.id::text);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('herald_auth', 'u:' || NEW.user_id::text);
  ELSE
    PERFORM pg_notify('herald_auth', 'u:' || OLD.user_id::text);
    IF TG_OP = 'UPDATE' THEN
      PERFORM pg_notify('herald_auth', 'u:' || NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_auth AFTER UPDATE OF revoked_at, expires_at, user_id, company_id, kind OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION herald_notify_auth();
--> statement-breakpoint
CREATE TRIGGER users_notify_auth AFTER UPDATE OF user_role, is_owner, status, company_id OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION herald_notify_auth();
--> statement-breakpoint
CREATE TRIGGER user_departments_notify_auth AFTER INSERT OR UPDATE OR DELETE ON user_departments
  FOR EACH ROW EXECUTE FUNCTION herald_notify_auth();
