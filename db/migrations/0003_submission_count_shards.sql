CREATE TABLE "submission_count_shards" (
	"form_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"delta" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "submission_count_shards_form_id_shard_pk" PRIMARY KEY("form_id","shard")
);
--> statement-breakpoint
ALTER TABLE "submission_count_shards" ADD CONSTRAINT "submission_count_shards_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;