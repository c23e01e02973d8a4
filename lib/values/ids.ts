/** A UUID in canonical text form (any case). Ids that fail it can match nothing. */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The largest PostgreSQL `integer`: a serial id above it can match nothing. */
export const MAX_INT4 = 2_147_483_647;

/** A serial id from a path or query: a positive integer an `integer` column can hold, else null (matches nothing). */
export function parseIntId(ref: string | number): number | null {
  const s = String(ref).trim();
  return /^[1-9][0-9]{0,9}$/.test(s) && Number(s) <= MAX_INT4 ? Number(s) : null;
}
