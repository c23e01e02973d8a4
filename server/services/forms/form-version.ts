import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { forms } from "@/db/schema";

/**
 * A form's version, as a copy cached in a process is checked against the database: its
 * `updated_at` in microseconds, as text. Every change respondents see (publish, unpublish,
 * rename, trash) moves `updated_at`; builder autosaves do not.
 */
export const formVersionSql: SQL<string> = sql<string>`(extract(epoch from ${forms.updatedAt}) * 1000000)::bigint::text`;
