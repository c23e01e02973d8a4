ALTER TABLE "webhook_deliveries" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "request_id" text;