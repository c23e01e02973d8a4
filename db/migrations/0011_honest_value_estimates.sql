-- The filter index's places, as PL/pgSQL loops with an honest row estimate (ROWS 16).
-- 0007's SQL version was inlined into the triggers' statements, where PostgreSQL priced its
-- nested jsonb_each/jsonb_array_elements scans at their default 100 rows each: ~10.9 million
-- rows and ~3 million cost units for a submission of three answers. Past jit_above_cost
-- (100,000) every submit was JIT compiled (~0.5-1 s) on servers built with LLVM (Debian's,
-- the official image, managed services). A PL/pgSQL function is never inlined, so its ROWS is
-- what the planner sees; the queries inside it each scan one JSON value (cost ~1). The rows
-- are exactly those of 0007's version (same places, keys over 200 characters skipped), so
-- nothing is rebuilt.
CREATE OR REPLACE FUNCTION submission_value_places(d jsonb)
RETURNS TABLE (element_id text, loc smallint, sub text, shape smallint, j jsonb)
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE ROWS 16 AS $fn$
DECLARE
  k text; v jsonb; r jsonb; mk text; mv jsonb; x jsonb;
BEGIN
  IF jsonb_typeof(d) IS DISTINCT FROM 'object' THEN RETURN; END IF;
  FOR k, v IN SELECT e.key, e.value FROM jsonb_each(d) e WHERE length(e.key) <= 200 LOOP
    element_id := k; loc := 0; sub := ''; j := v;
    CASE jsonb_typeof(v)
    WHEN 'array' THEN
      shape := 1; RETURN NEXT;
      FOR r IN SELECT a.value FROM jsonb_array_elements(v) a LOOP
        loc := 0; sub := ''; shape := 2; j := r; RETURN NEXT;
        IF jsonb_typeof(r) = 'object' THEN
          loc := 2;
          FOR mk, mv IN SELECT m.key, m.value FROM jsonb_each(r) m WHERE length(m.key) <= 200 LOOP
            sub := mk; j := mv;
            IF jsonb_typeof(mv) = 'array' THEN
              shape := 1; RETURN NEXT;
              shape := 2;
              FOR x IN SELECT i.value FROM jsonb_array_elements(mv) i LOOP j := x; RETURN NEXT; END LOOP;
            ELSE
              shape := 0; RETURN NEXT;
            END IF;
          END LOOP;
        END IF;
      END LOOP;
    WHEN 'object' THEN
      shape := 0; RETURN NEXT;
      loc := 1;
      FOR mk, mv IN SELECT m.key, m.value FROM jsonb_each(v) m WHERE length(m.key) <= 200 LOOP
        sub := mk; j := mv; shape := CASE WHEN jsonb_typeof(mv) = 'array' THEN 1 ELSE 0 END; RETURN NEXT;
      END LOOP;
    ELSE
      shape := 0; RETURN NEXT;
    END CASE;
  END LOOP;
END
$fn$;
