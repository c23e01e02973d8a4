CREATE TABLE "resume_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"partial_id" uuid NOT NULL,
	"form_id" integer NOT NULL,
	"partial_started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resume_links" ADD CONSTRAINT "resume_links_partial_id_partial_responses_id_fk" FOREIGN KEY ("partial_id") REFERENCES "public"."partial_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_links" ADD CONSTRAINT "resume_links_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resume_links_partial_idx" ON "resume_links" USING btree ("partial_id");--> statement-breakpoint
CREATE INDEX "resume_links_expires_idx" ON "resume_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "mail_messages_resume_form_idx" ON "mail_messages" USING btree ("form_id","created_at") WHERE kind = 'resume_link' and status <> 'capped';--> statement-breakpoint
CREATE INDEX "mail_messages_resume_to_idx" ON "mail_messages" USING btree (lower("to_address"),"created_at") WHERE kind = 'resume_link' and status <> 'capped';