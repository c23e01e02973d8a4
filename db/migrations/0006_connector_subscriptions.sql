ALTER TABLE "webhooks" DROP CONSTRAINT "webhooks_oauth_client_id_oauth_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "grant_id" integer;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_grant_id_oauth_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."oauth_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" DROP COLUMN "oauth_client_id";