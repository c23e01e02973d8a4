CREATE TABLE "partial_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"respondent_key" text NOT NULL,
	"data" jsonb NOT NULL,
	"form_values" jsonb NOT NULL,
	"page" integer NOT NULL,
	"furthest_page" integer NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "draft_settings" jsonb;--> statement-breakpoint
ALTER TABLE "partial_responses" ADD CONSTRAINT "partial_responses_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partial_responses" ADD CONSTRAINT "partial_responses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partial_responses_respondent_idx" ON "partial_responses" USING btree ("form_id","respondent_key");--> statement-breakpoint
CREATE INDEX "partial_responses_org_form_idx" ON "partial_responses" USING btree ("organization_id","form_id","updated_at" DESC NULLS LAST) WHERE "partial_responses"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "partial_responses_updated_idx" ON "partial_responses" USING btree ("updated_at");