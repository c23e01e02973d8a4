import "server-only";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * Case-insensitive partial match (`name`, `entry_name` filters): the text is matched
 * literally, so `%`, `_` and `\` in it are not wildcards.
 */
export function containsText(column: AnyColumn, text: string): SQL {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`${column} ilike ${`%${escaped}%`}`;
}
