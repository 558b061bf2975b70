-- Name search uses trigram indexes; pg_trgm is a trusted extension (PostgreSQL 13+), so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"creator_id" uuid,
	"parent_id" uuid,
	"name" text NOT NULL,
	"color" text,
	"emoji" text,
	"extension" text,
	"mimetype" text,
	"category" text,
	"size" bigint DEFAULT 0 NOT NULL,
	"blob_key" text,
	"thumbnail_status" text,
	"thumbnail_attempts" integer DEFAULT 0 NOT NULL,
	"thumbnail_claimed_at" timestamp with time zone,
	"width" integer,
	"height" integer,
	"folder_count" integer DEFAULT 0 NOT NULL,
	"file_count" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"trash_root_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"actor_key" text NOT NULL,
	"creator_id" uuid,
	"owner_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"extension" text,
	"path" text,
	"size" bigint NOT NULL,
	"chunk_size" integer NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"multipart_id" text NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "root_folder_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "root_file_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_parent_id_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_sessions" ADD CONSTRAINT "upload_sessions_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_sessions" ADD CONSTRAINT "upload_sessions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourites_item_idx" ON "favourites" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "items_live_name_unique" ON "items" USING btree ("owner_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name")) WHERE "items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "items_browse_created_idx" ON "items" USING btree ("owner_id","parent_id","type","created_at","id") WHERE "items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "items_browse_name_idx" ON "items" USING btree ("owner_id","parent_id","type",lower("name"),"id") WHERE "items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "items_browse_size_idx" ON "items" USING btree ("owner_id","parent_id","type","size","id") WHERE "items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "items_browse_type_idx" ON "items" USING btree ("owner_id","parent_id","type",coalesce("extension", ''),lower("name"),"id") WHERE "items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "items_parent_idx" ON "items" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "items_latest_idx" ON "items" USING btree ("owner_id","created_at","id") WHERE "items"."deleted_at" is null and "items"."type" = 'file';--> statement-breakpoint
CREATE INDEX "items_trash_idx" ON "items" USING btree ("owner_id","deleted_at","id") WHERE "items"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "items_trash_root_idx" ON "items" USING btree ("trash_root_id") WHERE "items"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "items_name_trgm_idx" ON "items" USING gin (lower("name") gin_trgm_ops) WHERE "items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "items_thumbnail_pending_idx" ON "items" USING btree ("thumbnail_status","created_at") WHERE "items"."thumbnail_status" = 'pending';--> statement-breakpoint
CREATE INDEX "items_owner_category_idx" ON "items" USING btree ("owner_id","category");--> statement-breakpoint
CREATE INDEX "upload_sessions_owner_idx" ON "upload_sessions" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "upload_sessions_updated_idx" ON "upload_sessions" USING btree ("updated_at");