CREATE TABLE "share_tombstones" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"gone_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "share_tombstones_gone_idx" ON "share_tombstones" USING btree ("gone_at");