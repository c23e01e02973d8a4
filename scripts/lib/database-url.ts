import path from "node:path";
import { startEmbeddedPostgres, type RunningDb } from "./embedded-db";

/**
 * `DATABASE_URL` when set, otherwise the embedded PostgreSQL with data under `.data/`.
 * The embedded server lives as long as this process.
 */
export async function resolveDatabase(opts: { quiet?: boolean } = {}): Promise<RunningDb> {
  const url = process.env.DATABASE_URL;
  if (url) return { url, stop: async () => {} };
  const port = process.env.EMBEDDED_PG_PORT ? Number(process.env.EMBEDDED_PG_PORT) : 54329;
  if (!opts.quiet) console.error(`[formhouse] starting embedded PostgreSQL (.data/postgres, port ${port})`);
  return startEmbeddedPostgres({ dir: path.join(process.cwd(), ".data", "postgres"), port });
}
