ALTER TABLE "remote_upload_batches" ADD COLUMN "storage_owner_id" uuid;--> statement-breakpoint
UPDATE "remote_upload_batches" b SET "storage_owner_id" = coalesce((SELECT i."owner_id" FROM "items" i WHERE i."id" = b."parent_id"), b."owner_id");--> statement-breakpoint
ALTER TABLE "remote_upload_batches" ALTER COLUMN "storage_owner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "remote_upload_batches" ADD COLUMN "fetch_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "remote_upload_batches" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "remote_upload_batches" ADD CONSTRAINT "remote_upload_batches_storage_owner_id_users_id_fk" FOREIGN KEY ("storage_owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remote_upload_batches_owner_idx" ON "remote_upload_batches" USING btree ("storage_owner_id");--> statement-breakpoint
CREATE INDEX "remote_upload_batches_open_actor_idx" ON "remote_upload_batches" USING btree ("actor_key") WHERE "remote_upload_batches"."status" <> 'done';