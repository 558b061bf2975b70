CREATE TABLE "share_tombstones" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"gone_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "share_tombstones_gone_idx" ON "share_tombstones" USING btree ("gone_at");--> statement-breakpoint
-- However a share row goes — revoked, purged a month after it expired, or with its item or its
-- owner by cascade — its token leaves a tombstone: the SHA-256 (hex, as the server computes it),
-- expired or revoked, and when. Nothing about the owner or the item (ADR 0019).
CREATE OR REPLACE FUNCTION shares_leave_tombstone() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO share_tombstones (token_hash, reason, gone_at)
  VALUES (
    encode(sha256(convert_to(OLD.token, 'UTF8')), 'hex'),
    CASE WHEN OLD.expires_at IS NOT NULL AND OLD.expires_at <= now() THEN 'expired' ELSE 'revoked' END,
    now()
  )
  ON CONFLICT (token_hash) DO UPDATE SET reason = EXCLUDED.reason, gone_at = EXCLUDED.gone_at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER shares_leave_tombstone AFTER DELETE ON shares
  FOR EACH ROW EXECUTE FUNCTION shares_leave_tombstone();
