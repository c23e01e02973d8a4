CREATE TABLE "form_response_tallies" (
	"form_id" integer PRIMARY KEY NOT NULL,
	"taken" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spent_captcha_challenges" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "respondent_email" text;--> statement-breakpoint
ALTER TABLE "form_response_tallies" ADD CONSTRAINT "form_response_tallies_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_respondent_email_idx" ON "submissions" USING btree ("form_id","respondent_email") WHERE "submissions"."respondent_email" is not null;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_slug_unique" UNIQUE("slug");--> statement-breakpoint
-- hand-written: a deleted response (not spam) gives its place back to a capped form.
CREATE FUNCTION form_response_tallies_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE form_response_tallies t SET taken = greatest(0, t.taken - gone.n)
  FROM (SELECT form_id, count(*)::int AS n FROM form_response_tallies_old WHERE NOT spam GROUP BY form_id) gone
  WHERE t.form_id = gone.form_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER form_response_tallies_delete AFTER DELETE ON submissions
  REFERENCING OLD TABLE AS form_response_tallies_old FOR EACH STATEMENT EXECUTE FUNCTION form_response_tallies_deleted();
