import "server-only";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { readFileSync } from "node:fs";
import path from "node:path";
import postgres, { type Sql } from "postgres";
// Query errors never carry parameters (see the module).
import "./query-errors";

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "db/migrations");

/** The advisory lock (one 64-bit key) that serialises starters migrating one database. */
const MIGRATION_LOCK = 727274;

/** The database was migrated by a newer version of Formhouse than this code: starting could corrupt it. */
export class MigrationsAheadError extends Error {
  constructor() {
    super(
      "The database has migrations newer than this version of Formhouse (it was upgraded by a newer one): " +
        "start that version, or restore a backup taken before the upgrade.",
    );
    this.name = "MigrationsAheadError";
  }
}

/** The `when` of this code's last migration (drizzle records it as the applied row's created_at). */
export function latestMigrationAt(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/** Where the database stands against this code: `behind` has migrations to apply, `ahead` is newer than the code. */
export async function migrationStatus(sql: Sql): Promise<"current" | "behind" | "ahead"> {
  const codeAt = latestMigrationAt();
  const [table] = await sql<{ exists: boolean }[]>`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`;
  const [row] = table?.exists
    ? await sql<{ at: string | null }[]>`select max(created_at)::text as at from drizzle.__drizzle_migrations`
    : [];
  const databaseAt = row?.at ? Number(row.at) : 0;
  return databaseAt === codeAt ? "current" : databaseAt < codeAt ? "behind" : "ahead";
}

/**
 * Applies every pending committed migration. Instances started together on one database take
 * turns under an advisory lock, so each migration runs once; one whose code is older than the
 * database refuses (MigrationsAheadError) rather than run against a schema it does not know.
 */
export async function runMigrations(url: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK})`;
    if ((await migrationStatus(client)) === "ahead") throw new MigrationsAheadError();
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client`select pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => {});
    await client.end();
  }
}
