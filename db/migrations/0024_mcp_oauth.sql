ALTER TABLE "oauth_authorization_codes" ADD COLUMN "resource" text;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "registered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "oauth_grants" ADD COLUMN "resource" text;