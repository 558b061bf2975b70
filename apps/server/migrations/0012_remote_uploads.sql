CREATE TABLE "remote_upload_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"actor_key" text NOT NULL,
	"link_token" text,
	"parent_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "remote_upload_urls" (
	"batch_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error_code" text,
	"error" text,
	"file_id" uuid,
	CONSTRAINT "remote_upload_urls_batch_id_position_pk" PRIMARY KEY("batch_id","position")
);
--> statement-breakpoint
ALTER TABLE "remote_upload_batches" ADD CONSTRAINT "remote_upload_batches_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_upload_urls" ADD CONSTRAINT "remote_upload_urls_batch_id_remote_upload_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."remote_upload_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remote_upload_urls_open_idx" ON "remote_upload_urls" USING btree ("queued_at") WHERE "remote_upload_urls"."status" in ('pending', 'running');