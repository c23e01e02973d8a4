import "server-only";
/**
 * Whether `error` is Postgres' unique violation (23505) on `constraint`. drizzle wraps driver
 * errors, so the cause chain is searched.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const pg = e as { code?: unknown; constraint_name?: unknown };
    if (pg.code === "23505") return pg.constraint_name === constraint;
  }
  return false;
}
