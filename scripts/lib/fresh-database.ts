import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { createDb, type Db } from "../../db";
import { runMigrations } from "../../db/migrate";

/**
 * A new, migrated database in the test cluster, for processes that must not share the main
 * test (or bench) database (a second web server or worker would take part in other tests' deliveries).
 * `drop()` ends the pool and removes the database.
 */
export async function freshDatabase(base = process.env.DATABASE_URL): Promise<{ url: string; db: Db; drop: () => Promise<void> }> {
  if (!base) throw new Error("DATABASE_URL is not set: run the suite with `npm test`");
  const name = `t_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  const url = u.toString();
  await runMigrations(url);
  const db = createDb(url, 4);
  return {
    url,
    db,
    drop: async () => {
      await db.$client.end();
      const a = postgres(base, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
