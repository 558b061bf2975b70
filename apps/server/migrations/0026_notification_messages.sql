-- Notifications as a catalogue kind and its values, read in the reader's language (ADR 0073). Rows stored
-- before keep both null and show their stored English text.
ALTER TABLE "notifications" ADD COLUMN "message_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "message_params" jsonb;