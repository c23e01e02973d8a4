DROP INDEX "prefills_form_created_idx";--> statement-breakpoint
DROP INDEX "unique_links_form_created_idx";--> statement-breakpoint
ALTER TABLE "prefills" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "prefills_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "unique_links" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "unique_links_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "prefills_form_seq_idx" ON "prefills" USING btree ("form_id","seq");--> statement-breakpoint
CREATE INDEX "unique_links_form_seq_idx" ON "unique_links" USING btree ("form_id","seq");