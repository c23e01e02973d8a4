import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { StartError } from "./start-error";

/**
 * Debian's (and Ubuntu's) packaged PostgreSQL: what most people run Formhouse on, with JIT on,
 * unlike the embedded server (built without LLVM). The suite and the bench start a throw-away
 * cluster from its binaries as a second target.
 */
export const DEBIAN_INSTALL = "apt-get install -y postgresql";

/** Each packaged major version keeps its server in /usr/lib/postgresql/<major>/bin. */
const PACKAGED = "/usr/lib/postgresql";

/** PG_BIN_DIR when set, else the newest packaged major version's bin directory; undefined when neither. */
export function debianBinDir(): string | undefined {
  if (process.env.PG_BIN_DIR) return path.resolve(process.env.PG_BIN_DIR);
  let majors: number[];
  try {
    majors = readdirSync(PACKAGED)
      .filter((d) => /^\d+$/.test(d))
      .map(Number);
  } catch {
    return undefined;
  }
  return majors
    .sort((a, b) => b - a)
    .map((m) => path.join(PACKAGED, String(m), "bin"))
    .find((bin) => existsSync(path.join(bin, "initdb")) && existsSync(path.join(bin, "postgres")));
}

/** Whose PostgreSQL this target is, in a heading: PG_BIN_DIR's may be any build. */
export const debianName = () => (process.env.PG_BIN_DIR ? "PG_BIN_DIR's" : "Debian");

/**
 * The binaries a target variable (BENCH_TARGET) asks for: undefined for `embedded` (or unset),
 * Debian's for `debian`; anything else, or `debian` when it is not installed, is refused.
 */
export function targetBinDir(variable: string): string | undefined {
  const target = process.env[variable];
  if (!target || target === "embedded") return undefined;
  if (target !== "debian") throw new StartError(`${variable} is "${target}": use embedded or debian.`);
  const dir = debianBinDir();
  if (!dir)
    throw new StartError(`${variable}=debian needs Debian's PostgreSQL, which is not installed: ${DEBIAN_INSTALL} (or set PG_BIN_DIR).`);
  return dir;
}
