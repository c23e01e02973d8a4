CREATE TABLE "email_change_requests" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"new_email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_notifications" (
	"user_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"mode" text NOT NULL,
	"digest_through" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_notifications_user_id_form_id_pk" PRIMARY KEY("user_id","form_id")
);
--> statement-breakpoint
CREATE TABLE "form_receipts" (
	"form_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"email_field" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"include_answers" boolean DEFAULT false NOT NULL,
	"reply_to_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" integer,
	"user_id" integer,
	"form_id" integer,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"content" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_reply" text,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"locked_by" integer,
	"locked_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_change_requests" ADD CONSTRAINT "email_change_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_notifications" ADD CONSTRAINT "form_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_notifications" ADD CONSTRAINT "form_notifications_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_receipts" ADD CONSTRAINT "form_receipts_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_receipts" ADD CONSTRAINT "form_receipts_reply_to_user_id_users_id_fk" FOREIGN KEY ("reply_to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_change_requests_user_idx" ON "email_change_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "form_notifications_form_idx" ON "form_notifications" USING btree ("form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_messages_idempotency_key_idx" ON "mail_messages" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "mail_messages_due_idx" ON "mail_messages" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "mail_messages_org_idx" ON "mail_messages" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_messages_user_idx" ON "mail_messages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mail_messages_locked_idx" ON "mail_messages" USING btree ("locked_by") WHERE locked_by is not null;--> statement-breakpoint
CREATE INDEX "mail_messages_receipts_form_idx" ON "mail_messages" USING btree ("form_id","created_at") WHERE kind = 'receipt' and status <> 'capped';--> statement-breakpoint
CREATE INDEX "mail_messages_receipts_to_idx" ON "mail_messages" USING btree (lower("to_address"),"created_at") WHERE kind = 'receipt' and status <> 'capped';--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
-- A receipt's subject and message with each {{field label}} replaced by that answer's text (''
-- for a label with no answer), in one pass, so an answer that itself contains {{…}} stays as
-- written. server/mail/response-mail.ts calls it inside the submit's statement.
CREATE FUNCTION formhouse_fill_placeholders(template text, vals jsonb) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  result text := '';
  rest text := template;
  open_at int;
  close_at int;
BEGIN
  LOOP
    open_at := strpos(rest, '{{');
    EXIT WHEN open_at = 0;
    close_at := strpos(substr(rest, open_at + 2), '}}');
    EXIT WHEN close_at = 0;
    result := result || substr(rest, 1, open_at - 1) || coalesce(vals ->> btrim(substr(rest, open_at + 2, close_at - 1)), '');
    rest := substr(rest, open_at + 2 + close_at + 1);
  END LOOP;
  RETURN result || rest;
END $$;
