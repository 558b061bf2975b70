-- Trash is marked on the trashed item only (ADR 0005): what went to the trash with a folder above it
-- becomes live again as a row, and is in the trash through that folder.
UPDATE "items" SET "deleted_at" = NULL WHERE "deleted_at" IS NOT NULL AND "trash_root_id" IS DISTINCT FROM "id";--> statement-breakpoint
DROP INDEX "items_trash_idx";--> statement-breakpoint
DROP INDEX "items_trash_root_idx";--> statement-breakpoint
DROP INDEX "items_trash_tops_idx";--> statement-breakpoint
CREATE INDEX "items_trash_tops_idx" ON "items" USING btree ("owner_id","type","deleted_at","id") WHERE "items"."deleted_at" is not null;--> statement-breakpoint
ALTER TABLE "items" DROP COLUMN "trash_root_id";--> statement-breakpoint
-- The item whose trashing put `start` in the trash: itself, or the nearest trashed folder above it;
-- null when it is live. A walk up the primary key, as deep as the item. Moves refuse cycles, so it
-- ends at the root; a tree deeper than any real one stops it with an error rather than an answer
-- that would call a trashed item live.
CREATE OR REPLACE FUNCTION item_trashed_by(start uuid) RETURNS uuid
LANGUAGE plpgsql STABLE STRICT AS $$
DECLARE
  cur uuid := start;
  up uuid;
  gone timestamptz;
BEGIN
  FOR depth IN 1..100000 LOOP
    SELECT parent_id, deleted_at INTO up, gone FROM items WHERE id = cur;
    IF NOT FOUND THEN RETURN NULL; END IF;
    IF gone IS NOT NULL THEN RETURN cur; END IF;
    IF up IS NULL THEN RETURN NULL; END IF;
    cur := up;
  END LOOP;
  RAISE EXCEPTION 'item % lies more than 100000 levels deep', start;
END $$;
