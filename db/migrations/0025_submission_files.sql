CREATE TABLE "submission_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"submission_id" uuid,
	"element_id" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_files_submission_idx" ON "submission_files" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "submission_files_org_form_idx" ON "submission_files" USING btree ("organization_id","form_id");--> statement-breakpoint
CREATE INDEX "submission_files_unlinked_idx" ON "submission_files" USING btree ("created_at") WHERE "submission_files"."submission_id" is null;