-- The items tree never holds a cycle (ADR 0012). A move used to check the target's ancestors only
-- down to a depth of 1,000, so a folder could be moved under its own descendant and its subtree
-- cut off from the root. First such loops are broken, then a trigger refuses every new one.
--
-- Repair: the folders the roots no longer reach lie in a loop or below one. For each loop, the
-- member where the walk first meets itself moves to its owner's root (with the first free
-- " (n)" name, counters adjusted), so everything in it can be browsed, downloaded and deleted
-- again. Walks find loops by Brent's method, so none of them needs a depth bound.
CREATE TEMPORARY TABLE "reachable_folders" ON COMMIT DROP AS
WITH RECURSIVE down(id) AS (
  SELECT id FROM items WHERE parent_id IS NULL AND type = 'folder'
  UNION ALL
  SELECT i.id FROM items i JOIN down d ON i.parent_id = d.id WHERE i.type = 'folder'
)
SELECT id FROM down;--> statement-breakpoint
DO $$
DECLARE
  start uuid;
  cur uuid;
  mark uuid;
  power int;
  steps int;
  member items%ROWTYPE;
  free_name text;
  n int;
BEGIN
  FOR start IN
    SELECT f.id FROM items f
    WHERE f.type = 'folder' AND NOT EXISTS (SELECT 1 FROM reachable_folders r WHERE r.id = f.id)
  LOOP
    cur := start;
    mark := start;
    power := 1;
    steps := 0;
    LOOP
      SELECT parent_id INTO cur FROM items WHERE id = cur;
      -- Reaches the root: an earlier repair opened the loop it hung from.
      EXIT WHEN cur IS NULL;
      IF cur = mark THEN
        SELECT * INTO member FROM items WHERE id = cur;
        free_name := member.name;
        n := 0;
        WHILE member.deleted_at IS NULL AND EXISTS (
          SELECT 1 FROM items
          WHERE owner_id = member.owner_id AND parent_id IS NULL AND deleted_at IS NULL
            AND lower(name) = lower(free_name)
        ) LOOP
          n := n + 1;
          free_name := left(member.name, 255 - length(' (' || n || ')')) || ' (' || n || ')';
        END LOOP;
        UPDATE items SET parent_id = NULL, name = free_name, updated_at = now() WHERE id = member.id;
        IF member.deleted_at IS NULL THEN
          UPDATE items SET folder_count = greatest(folder_count - 1, 0) WHERE id = member.parent_id;
          UPDATE users SET root_folder_count = root_folder_count + 1 WHERE id = member.owner_id;
        END IF;
        EXIT;
      END IF;
      steps := steps + 1;
      IF steps = power THEN
        mark := cur;
        power := power * 2;
        steps := 0;
      END IF;
    END LOOP;
  END LOOP;
END $$;--> statement-breakpoint
-- Guard: an item's parent belongs to the same owner and is not the item or anything below it.
-- Changes of parents in one owner's tree take turns on a transaction-level advisory lock (an
-- owner's tree holds only that owner's items, checked here too, so the lock covers every row a
-- loop could pass through). After the lock, the walk runs in a fresh snapshot (READ COMMITTED,
-- what the server uses), so it sees a move that committed while this one waited: two moves A→B
-- and B→A cannot both pass. SERIALIZABLE transactions are kept apart by PostgreSQL itself;
-- REPEATABLE READ would walk an old snapshot, so it is refused rather than trusted.
CREATE OR REPLACE FUNCTION items_keep_tree() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  parent_owner uuid;
  cur uuid;
  mark uuid;
  power int := 1;
  steps int := 0;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.owner_id IS DISTINCT FROM OLD.owner_id
    AND EXISTS (SELECT 1 FROM items WHERE parent_id = NEW.id AND owner_id <> NEW.owner_id) THEN
    RAISE EXCEPTION 'item % would hold items of another owner', NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'items_tree_one_owner';
  END IF;
  IF NEW.parent_id IS NULL THEN RETURN NULL; END IF;
  IF NEW.parent_id = NEW.id THEN
    RAISE EXCEPTION 'item % cannot be its own parent', NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'items_tree_acyclic';
  END IF;
  SELECT owner_id INTO parent_owner FROM items WHERE id = NEW.parent_id;
  IF parent_owner IS DISTINCT FROM NEW.owner_id THEN
    RAISE EXCEPTION 'item % and its parent % have different owners', NEW.id, NEW.parent_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'items_tree_one_owner';
  END IF;
  -- A new row has nothing below it yet, and a row keeping its parent changes no path.
  IF TG_OP = 'INSERT' OR NEW.parent_id IS NOT DISTINCT FROM OLD.parent_id THEN RETURN NULL; END IF;
  IF current_setting('transaction_isolation') = 'repeatable read' THEN
    RAISE EXCEPTION 'items cannot change folders in a REPEATABLE READ transaction'
      USING ERRCODE = 'feature_not_supported';
  END IF;
  PERFORM pg_advisory_xact_lock(724310552, hashtext(NEW.owner_id::text));
  cur := NEW.parent_id;
  mark := cur;
  LOOP
    IF cur = NEW.id THEN
      RAISE EXCEPTION 'moving % under % would make a cycle', NEW.id, NEW.parent_id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'items_tree_acyclic';
    END IF;
    SELECT parent_id INTO cur FROM items WHERE id = cur;
    EXIT WHEN cur IS NULL;
    steps := steps + 1;
    IF cur = mark THEN
      RAISE EXCEPTION 'the folders above % form a cycle', NEW.parent_id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'items_tree_acyclic';
    END IF;
    IF steps = power THEN
      mark := cur;
      power := power * 2;
      steps := 0;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
-- AFTER, so a statement that moves several rows is checked against all of its own changes.
CREATE CONSTRAINT TRIGGER "items_keep_tree" AFTER INSERT OR UPDATE OF "parent_id", "owner_id" ON "items"
FOR EACH ROW EXECUTE FUNCTION items_keep_tree();
