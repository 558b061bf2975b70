-- Every node closes the sockets of a session that ends (signed out, revoked by a password reset,
-- purged after expiry) when this notification arrives, which is at the commit of the deletion.
CREATE OR REPLACE FUNCTION sessions_ended_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_ended', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sessions_ended_notify AFTER DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_ended_notify();
