import "server-only";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import path from "node:path";
import postgres from "postgres";
// Query errors never carry parameters (see the module).
import "./query-errors";

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "db/migrations");

/** Applies every pending committed migration. Safe to run from several processes at once. */
export async function runMigrations(url: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    // Serialise concurrent starters (several instances on one database).
    await client`select pg_advisory_lock(727274)`;
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client`select pg_advisory_unlock(727274)`.catch(() => {});
    await client.end();
  }
}
