CREATE TABLE "submission_value_counts" (
	"form_id" integer NOT NULL,
	"element_id" text NOT NULL,
	"loc" smallint NOT NULL,
	"sub" text NOT NULL,
	"shard" smallint NOT NULL,
	"vals" integer DEFAULT 0 NOT NULL,
	"filled" integer DEFAULT 0 NOT NULL,
	"num" integer DEFAULT 0 NOT NULL,
	"day" integer DEFAULT 0 NOT NULL,
	"ts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "submission_value_counts_form_id_element_id_loc_sub_shard_pk" PRIMARY KEY("form_id","element_id","loc","sub","shard")
);
--> statement-breakpoint
ALTER TABLE "submission_value_counts" ADD CONSTRAINT "submission_value_counts_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Index rows the new functions would not make: over-long keys, over-long numbers.
DELETE FROM submission_values WHERE length(element_id) > 200 OR length(sub) > 200;
--> statement-breakpoint
UPDATE submission_values SET num = NULL WHERE num IS NOT NULL AND length(txt) > 1000;
--> statement-breakpoint
CREATE INDEX "submission_values_text_idx" ON "submission_values" USING btree ("form_id","element_id","loc","sub",left("txt", 100)) WHERE "submission_values"."loc" < 2 and "submission_values"."shape" < 2;
--> statement-breakpoint
-- The filter index's functions, replaced (0007 has their first version): keys over 200
-- characters and number texts over 1,000 characters are no longer indexed (they could
-- overflow a btree row and fail the submission's INSERT), and every write also keeps
-- submission_value_counts. Both value functions are castAs of filter-sql.ts verbatim.
CREATE OR REPLACE FUNCTION submission_value_places(d jsonb)
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
CREATE OR REPLACE FUNCTION submission_values_of(d jsonb)
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
-- Every write keeps submission_value_counts in the same statement: the deltas of the value
-- rows added (+1) and removed (-1) at the places of a value itself (loc 0 and 1, shapes 0 and
-- 1: one row per submission), summed per place into a shard picked at random, upserted in key
-- order so concurrent statements lock the rows they share in one order.
CREATE OR REPLACE FUNCTION submission_values_inserted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  WITH v AS MATERIALIZED (
    SELECT n.id, n.form_id, x.* FROM submission_values_new n, submission_values_of(n.data) x
  ), added AS (
    INSERT INTO submission_values (submission_id, form_id, element_id, loc, sub, shape, num, day, ts, txt, filled)
    SELECT * FROM v
  )
  INSERT INTO submission_value_counts AS c (form_id, element_id, loc, sub, shard, vals, filled, num, day, ts)
  SELECT form_id, element_id, loc, sub, floor(random() * 16)::smallint,
    count(*), count(*) FILTER (WHERE filled), count(num), count(day), count(ts)
  FROM v WHERE loc < 2 AND shape < 2
  GROUP BY form_id, element_id, loc, sub
  ORDER BY form_id, element_id, loc, sub
  ON CONFLICT (form_id, element_id, loc, sub, shard) DO UPDATE
    SET vals = c.vals + excluded.vals, filled = c.filled + excluded.filled, num = c.num + excluded.num, day = c.day + excluded.day, ts = c.ts + excluded.ts;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- Any UPDATE (the column list is not allowed with transition tables): rows whose id, form or
-- data changed are re-indexed, the rest are left alone.
CREATE OR REPLACE FUNCTION submission_values_updated() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  WITH removed AS (
    DELETE FROM submission_values sv USING submission_values_old o
    WHERE sv.submission_id = o.id
      AND NOT EXISTS (SELECT 1 FROM submission_values_new n WHERE n.id = o.id AND n.form_id = o.form_id AND n.data = o.data)
    RETURNING sv.form_id, sv.element_id, sv.loc, sv.sub, sv.shape, sv.num, sv.day, sv.ts, sv.filled
  ), v AS MATERIALIZED (
    SELECT n.id, n.form_id, x.* FROM submission_values_new n, submission_values_of(n.data) x
    WHERE NOT EXISTS (SELECT 1 FROM submission_values_old o WHERE o.id = n.id AND o.form_id = n.form_id AND o.data = n.data)
  ), added AS (
    INSERT INTO submission_values (submission_id, form_id, element_id, loc, sub, shape, num, day, ts, txt, filled)
    SELECT * FROM v
  ), delta AS (
    SELECT form_id, element_id, loc, sub, shape, num, day, ts, filled, 1 AS sign FROM v
    UNION ALL
    SELECT form_id, element_id, loc, sub, shape, num, day, ts, filled, -1 FROM removed
  )
  INSERT INTO submission_value_counts AS c (form_id, element_id, loc, sub, shard, vals, filled, num, day, ts)
  SELECT * FROM (
    SELECT form_id, element_id, loc, sub, floor(random() * 16)::smallint,
      sum(sign)::int AS vals, sum(CASE WHEN filled THEN sign ELSE 0 END)::int AS filled, sum(CASE WHEN num IS NULL THEN 0 ELSE sign END)::int AS num,
      sum(CASE WHEN day IS NULL THEN 0 ELSE sign END)::int AS day, sum(CASE WHEN ts IS NULL THEN 0 ELSE sign END)::int AS ts
    FROM delta WHERE loc < 2 AND shape < 2
    GROUP BY form_id, element_id, loc, sub
  ) d
  WHERE (vals, filled, num, day, ts) <> (0, 0, 0, 0, 0)
  ORDER BY form_id, element_id, loc, sub
  ON CONFLICT (form_id, element_id, loc, sub, shard) DO UPDATE
    SET vals = c.vals + excluded.vals, filled = c.filled + excluded.filled, num = c.num + excluded.num, day = c.day + excluded.day, ts = c.ts + excluded.ts;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- A form's own deletion (its cascade to submissions) takes its counts with it: no deltas for
-- a form that is gone.
CREATE OR REPLACE FUNCTION submission_values_deleted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  WITH removed AS (
    DELETE FROM submission_values sv USING submission_values_old o WHERE sv.submission_id = o.id
    RETURNING sv.form_id, sv.element_id, sv.loc, sv.sub, sv.shape, sv.num, sv.day, sv.ts, sv.filled
  )
  INSERT INTO submission_value_counts AS c (form_id, element_id, loc, sub, shard, vals, filled, num, day, ts)
  SELECT form_id, element_id, loc, sub, floor(random() * 16)::smallint,
    -count(*), -count(*) FILTER (WHERE filled), -count(num), -count(day), -count(ts)
  FROM removed r WHERE loc < 2 AND shape < 2 AND EXISTS (SELECT 1 FROM forms f WHERE f.id = r.form_id)
  GROUP BY form_id, element_id, loc, sub
  ORDER BY form_id, element_id, loc, sub
  ON CONFLICT (form_id, element_id, loc, sub, shard) DO UPDATE
    SET vals = c.vals + excluded.vals, filled = c.filled + excluded.filled, num = c.num + excluded.num, day = c.day + excluded.day, ts = c.ts + excluded.ts;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION submission_values_truncated() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE submission_values, submission_value_counts;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- The counts of the submissions that exist already.
INSERT INTO submission_value_counts (form_id, element_id, loc, sub, shard, vals, filled, num, day, ts)
SELECT sv.form_id, sv.element_id, sv.loc, sv.sub, 0, count(*), count(*) FILTER (WHERE sv.filled), count(sv.num), count(sv.day), count(sv.ts)
FROM submission_values sv WHERE sv.loc < 2 AND sv.shape < 2 AND EXISTS (SELECT 1 FROM forms f WHERE f.id = sv.form_id)
GROUP BY sv.form_id, sv.element_id, sv.loc, sv.sub;
