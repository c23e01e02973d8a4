ALTER TABLE "forms" ADD COLUMN "draft_elements" jsonb;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "draft_revision" integer DEFAULT 0 NOT NULL;