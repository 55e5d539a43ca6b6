-- Servers keep signed-in sessions and their users in memory (server/src/auth/session-cache.ts).
-- Every change to a session or a user row announces itself on the `atlasboard_auth` channel,
-- whichever code (or person) makes it, so each instance drops what it holds at once:
-- 's:<session id>' for a session, 'u:<user id>' for a user (and with it all of their sessions).
-- Postgres delivers the notice when the change commits; a rolled-back change announces nothing.
CREATE FUNCTION notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('atlasboard_auth', 's:' || OLD.id);
  ELSE
    PERFORM pg_notify('atlasboard_auth', 'u:' || OLD.id::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_notify_auth AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();

CREATE TRIGGER users_notify_auth AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();

-- TRUNCATE fires no row triggers: '*' drops everything held.
CREATE FUNCTION notify_auth_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atlasboard_auth', '*');
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_notify_auth_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_truncate();

CREATE TRIGGER users_notify_auth_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_truncate();
