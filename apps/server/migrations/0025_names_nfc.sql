-- Names that clash only after Unicode NFC (issue 39, defect 9; ADR 0067): the oldest live item keeps
-- its name, each later one gets the first 8 digits of its id as a suffix (before a file's extension),
-- which no other name of the folder has, so the new index can be built.
WITH "ranked" AS (
  SELECT "id", row_number() OVER (
    PARTITION BY "owner_id", coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid), lower(normalize("name", NFC))
    ORDER BY "created_at", "id"
  ) AS "n"
  FROM "items" WHERE "deleted_at" IS NULL
)
-- The suffix takes 11 characters; the part before the extension is shortened so a name stays within
-- 255 (the names' limit).
UPDATE "items" SET "name" = CASE
    WHEN "items"."type" = 'file' AND "items"."name" ~ '^.+\.[^.]+$'
      THEN left(substring("items"."name" from '^(.+)\.[^.]+$'), greatest(1, 243 - length(substring("items"."name" from '\.([^.]+)$'))))
        || ' (' || left("items"."id"::text, 8) || ').' || left(substring("items"."name" from '\.([^.]+)$'), 242)
    ELSE left("items"."name", 244) || ' (' || left("items"."id"::text, 8) || ')'
  END, "updated_at" = now()
FROM "ranked" WHERE "ranked"."id" = "items"."id" AND "ranked"."n" > 1;--> statement-breakpoint
DROP INDEX "items_live_name_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "items_live_name_unique" ON "items" USING btree ("owner_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower(normalize("name", NFC))) WHERE "items"."deleted_at" is null;