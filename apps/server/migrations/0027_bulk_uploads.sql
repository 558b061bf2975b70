-- Bulk upload (issue 42, ADR 0075): each request by its Idempotency-Key and actor, and the file each entry of its
-- manifest made, written with that file, so a retry answers those and makes only the rest. Swept after a day.
CREATE TABLE "bulk_upload_files" (
	"actor_key" text NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"file_index" integer NOT NULL,
	"item_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bulk_upload_files_actor_key_idempotency_key_file_index_pk" PRIMARY KEY("actor_key","idempotency_key","file_index")
);
--> statement-breakpoint
CREATE TABLE "bulk_uploads" (
	"actor_key" text NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"manifest_sha256" text NOT NULL,
	"holder" text,
	"held_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bulk_uploads_actor_key_idempotency_key_pk" PRIMARY KEY("actor_key","idempotency_key")
);
--> statement-breakpoint
CREATE INDEX "bulk_upload_files_created_idx" ON "bulk_upload_files" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bulk_uploads_created_idx" ON "bulk_uploads" USING btree ("created_at");