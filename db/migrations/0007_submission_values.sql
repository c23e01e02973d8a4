CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "submission_values" (
	"submission_id" uuid NOT NULL,
	"form_id" integer NOT NULL,
	"element_id" text NOT NULL,
	"loc" smallint NOT NULL,
	"sub" text NOT NULL,
	"shape" smallint NOT NULL,
	"num" numeric,
	"day" date,
	"ts" timestamp with time zone,
	"txt" text,
	"filled" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX "submission_values_submission_idx" ON "submission_values" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "submission_values_num_idx" ON "submission_values" USING btree ("form_id","element_id","loc","sub","num","shape","submission_id") WHERE "submission_values"."num" is not null;--> statement-breakpoint
CREATE INDEX "submission_values_day_idx" ON "submission_values" USING btree ("form_id","element_id","loc","sub","day","shape","submission_id") WHERE "submission_values"."day" is not null;--> statement-breakpoint
CREATE INDEX "submission_values_ts_idx" ON "submission_values" USING btree ("form_id","element_id","loc","sub","ts","shape","submission_id") WHERE "submission_values"."ts" is not null;--> statement-breakpoint
CREATE INDEX "submission_values_filled_idx" ON "submission_values" USING btree ("form_id","element_id","loc","sub","shape") WHERE "submission_values"."filled";--> statement-breakpoint
CREATE INDEX "submission_values_txt_trgm_idx" ON "submission_values" USING gin ("txt" gin_trgm_ops);--> statement-breakpoint
-- The filter index (submission_values): one row per place a filter reads a value, cast as
-- filters compare it. The casts are filter-sql.ts's castAs, verbatim (value-index.test.ts checks).
-- Rows by the JSON value's kind only, so element type changes need no rebuild.
CREATE FUNCTION submission_value_places(d jsonb)
RETURNS TABLE (element_id text, loc smallint, sub text, shape smallint, j jsonb)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  -- Keys longer than any element id, member name or component id a form can have (200
  -- characters) are never read by a filter, and could overflow a btree row (2,704 bytes).
  WITH e AS (SELECT key, value FROM jsonb_each(CASE WHEN jsonb_typeof(d) = 'object' THEN d ELSE '{}'::jsonb END) WHERE length(key) <= 200),
  -- members of the rows of array values (repeat-field components)
  rm AS (
    SELECT e.key, m.key AS sub, m.value
    FROM e, jsonb_array_elements(CASE WHEN jsonb_typeof(e.value) = 'array' THEN e.value ELSE '[]'::jsonb END) r,
      jsonb_each(CASE WHEN jsonb_typeof(r.value) = 'object' THEN r.value ELSE '{}'::jsonb END) m
    WHERE length(m.key) <= 200
  )
  SELECT e.key, 0::smallint, ''::text, (CASE WHEN jsonb_typeof(e.value) = 'array' THEN 1 ELSE 0 END)::smallint, e.value FROM e
  UNION ALL
  SELECT e.key, 0::smallint, ''::text, 2::smallint, i.value
  FROM e, jsonb_array_elements(CASE WHEN jsonb_typeof(e.value) = 'array' THEN e.value ELSE '[]'::jsonb END) i
  UNION ALL
  SELECT e.key, 1::smallint, m.key, (CASE WHEN jsonb_typeof(m.value) = 'array' THEN 1 ELSE 0 END)::smallint, m.value
  FROM e, jsonb_each(CASE WHEN jsonb_typeof(e.value) = 'object' THEN e.value ELSE '{}'::jsonb END) m
  WHERE length(m.key) <= 200
  UNION ALL
  SELECT rm.key, 2::smallint, rm.sub, (CASE WHEN jsonb_typeof(rm.value) = 'array' THEN 1 ELSE 0 END)::smallint, rm.value FROM rm
  UNION ALL
  SELECT rm.key, 2::smallint, rm.sub, 2::smallint, i.value
  FROM rm, jsonb_array_elements(CASE WHEN jsonb_typeof(rm.value) = 'array' THEN rm.value ELSE '[]'::jsonb END) i
$fn$;
--> statement-breakpoint
CREATE FUNCTION submission_values_of(d jsonb)
RETURNS TABLE (element_id text, loc smallint, sub text, shape smallint, num numeric, day date, ts timestamptz, txt text, filled boolean)
LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
  SELECT element_id, loc, sub, shape,
    (case when length(t) > 1000 then null when jsonb_typeof(j) = 'number' then (j)::numeric when jsonb_typeof(j) = 'string' and t ~ '^[ \t\n\r\f\v]*-?[0-9]+(\.[0-9]+)?[ \t\n\r\f\v]*$' then (t)::numeric end),
    (case when t like '____-__-__%' and t ~ '^(([1-9][0-9]{3}|0[1-9][0-9]{2}|00[1-9][0-9]|000[1-9])-((0[13578]|1[02])-(0[1-9]|[12][0-9]|3[01])|(0[469]|11)-(0[1-9]|[12][0-9]|30)|02-(0[1-9]|1[0-9]|2[0-8]))|([0-9]{2}(0[48]|[2468][048]|[13579][26])|(0[48]|[2468][048]|[13579][26])00)-02-29)($|[T ])' then left(t, 10)::date end),
    (case when t not like '____-__-__%' then null when t ~ '^(([1-9][0-9]{3}|0[1-9][0-9]{2}|00[1-9][0-9]|000[1-9])-((0[13578]|1[02])-(0[1-9]|[12][0-9]|3[01])|(0[469]|11)-(0[1-9]|[12][0-9]|30)|02-(0[1-9]|1[0-9]|2[0-8]))|([0-9]{2}(0[48]|[2468][048]|[13579][26])|(0[48]|[2468][048]|[13579][26])00)-02-29)([T ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,6})?)?)?$' then (t)::timestamp at time zone 'UTC' when t ~ '^(([1-9][0-9]{3}|0[1-9][0-9]{2}|00[1-9][0-9]|000[1-9])-((0[13578]|1[02])-(0[1-9]|[12][0-9]|3[01])|(0[469]|11)-(0[1-9]|[12][0-9]|30)|02-(0[1-9]|1[0-9]|2[0-8]))|([0-9]{2}(0[48]|[2468][048]|[13579][26])|(0[48]|[2468][048]|[13579][26])00)-02-29)[T ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,6})?)?([Zz]|[+-](0[0-9]|1[0-5])(:?[0-5][0-9])?)$' then (t)::timestamptz end),
    t,
    jsonb_path_exists(j, 'strict $.** ? (@.type() == "number" || @.type() == "boolean" || (@.type() == "string" && @ like_regex "\\S"))')
  -- JSON null matches no filter and is not filled.
  FROM (SELECT p.*, p.j #>> '{}' AS t FROM submission_value_places(d) p WHERE jsonb_typeof(p.j) <> 'null') v
$fn$;
--> statement-breakpoint
CREATE FUNCTION submission_values_inserted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO submission_values (submission_id, form_id, element_id, loc, sub, shape, num, day, ts, txt, filled)
  SELECT n.id, n.form_id, v.* FROM submission_values_new n, submission_values_of(n.data) v;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- Any UPDATE (the column list is not allowed with transition tables): rows whose id, form or
-- data changed are re-indexed, the rest are left alone.
CREATE FUNCTION submission_values_updated() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM submission_values sv USING submission_values_old o
  WHERE sv.submission_id = o.id
    AND NOT EXISTS (SELECT 1 FROM submission_values_new n WHERE n.id = o.id AND n.form_id = o.form_id AND n.data = o.data);
  INSERT INTO submission_values (submission_id, form_id, element_id, loc, sub, shape, num, day, ts, txt, filled)
  SELECT n.id, n.form_id, v.* FROM submission_values_new n, submission_values_of(n.data) v
  WHERE NOT EXISTS (SELECT 1 FROM submission_values_old o WHERE o.id = n.id AND o.form_id = n.form_id AND o.data = n.data);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION submission_values_deleted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM submission_values sv USING submission_values_old o WHERE sv.submission_id = o.id;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION submission_values_truncated() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE submission_values;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER submission_values_insert AFTER INSERT ON submissions
  REFERENCING NEW TABLE AS submission_values_new FOR EACH STATEMENT EXECUTE FUNCTION submission_values_inserted();
--> statement-breakpoint
CREATE TRIGGER submission_values_update AFTER UPDATE ON submissions
  REFERENCING OLD TABLE AS submission_values_old NEW TABLE AS submission_values_new
  FOR EACH STATEMENT EXECUTE FUNCTION submission_values_updated();
--> statement-breakpoint
CREATE TRIGGER submission_values_delete AFTER DELETE ON submissions
  REFERENCING OLD TABLE AS submission_values_old FOR EACH STATEMENT EXECUTE FUNCTION submission_values_deleted();
--> statement-breakpoint
CREATE TRIGGER submission_values_truncate AFTER TRUNCATE ON submissions
  FOR EACH STATEMENT EXECUTE FUNCTION submission_values_truncated();
--> statement-breakpoint
-- Submissions that exist already.
INSERT INTO submission_values (submission_id, form_id, element_id, loc, sub, shape, num, day, ts, txt, filled)
SELECT s.id, s.form_id, v.* FROM submissions s, submission_values_of(s.data) v;
--> statement-breakpoint
ANALYZE submission_values;
