import "server-only";
import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
// Query errors never carry parameters (see the module).
import "./query-errors";
import * as schema from "./schema";

export type Db = PostgresJsDatabase<typeof schema> & { $client: postgres.Sql };
/** A transaction handle or the database itself: services accept either. */
export type DbOrTx = Pick<Db, "_" | "select" | "insert" | "update" | "delete" | "execute" | "query" | "transaction">;

const globalForDb = globalThis as unknown as { formhouseDb?: Db };

/** How the schema's property names map to columns (`createdAt` → `created_at`). */
export const CASING = "snake_case";

/**
 * Server parameters of every session the app opens. `jit = off`: our statements are short
 * (a submit, a page, an index-only count), and where a count over a large form passes
 * jit_above_cost, compiling it (0.1-1 s on servers built with LLVM: Debian's, the official
 * image, managed services) costs more than the whole query. Estimates are kept honest anyway
 * (migration 0011, db/jit.test.ts), so a session without this setting is not slowed either.
 */
export const SESSION_PARAMETERS: Record<string, string> = { jit: "off" };

/** A pool on `url`; `connection` adds server parameters for its sessions (e.g. `synchronous_commit`). */
export function createDb(url: string, max = 10, connection?: Record<string, string>): Db {
  // connect_timeout: with the database unreachable (not refusing: gone), a request fails within
  // seconds and the instance answers 503 (db/availability.ts) instead of hanging for postgres.js's 30 s.
  const client = postgres(url, {
    max,
    onnotice: () => {},
    idle_timeout: 60,
    connect_timeout: 5,
    connection: { ...SESSION_PARAMETERS, ...connection },
  });
  return drizzle(client, { schema, casing: CASING }) as Db;
}

/**
 * One connection pool per process (cached on globalThis so dev reloads reuse it).
 * Created lazily: importing this module never connects.
 */
export function db(): Db {
  if (!globalForDb.formhouseDb) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set; start the service with `npm start`");
    globalForDb.formhouseDb = createDb(url, 10, { application_name: "formhouse" });
  }
  return globalForDb.formhouseDb;
}

/** Ends this process's pool, if it was made, letting queries under way finish within `timeoutS` (a stopping server). */
export async function closeDb(timeoutS = 5): Promise<void> {
  const current = globalForDb.formhouseDb;
  globalForDb.formhouseDb = undefined;
  await current?.$client.end({ timeout: timeoutS });
}

export { schema };
