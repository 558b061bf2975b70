CREATE TABLE "job_heartbeats" (
	"name" text PRIMARY KEY NOT NULL,
	"interval_ms" integer NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "traffic" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"upload_bytes" bigint DEFAULT 0 NOT NULL,
	"download_bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "traffic_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "traffic" ADD CONSTRAINT "traffic_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "traffic_day_idx" ON "traffic" USING btree ("day");