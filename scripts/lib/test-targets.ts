import { DEBIAN_INSTALL, debianName } from "./debian-postgres";
import { describePostgres } from "./describe-postgres";
import { startThrowawayPostgres } from "./embedded-db";

/**
 * The PostgreSQL servers `npm test` runs on. The embedded one (PG 18, built without LLVM: no
 * JIT) and Debian's packaged one (what most people run, JIT on) behave differently, so the
 * whole suite runs on both; TEST_DATABASE_URL / DATABASE_URL is a single target of its own.
 */
export type TargetKey = "embedded" | "debian" | "own";

/** A running target; `name` heads its stages ("Debian PostgreSQL 15.18 (JIT on)"). */
export type TestTarget = { key: TargetKey; name: string; url: string; stop: () => Promise<void> };

/** What a run asks for: the targets to start, and a problem with what it asks (a target it wants that is missing). */
export type TargetPlan = {
  targets: { key: TargetKey; binDir?: string; url?: string }[];
  problem?: { what: string; why: string; fails: boolean };
};

const CHOICES = ["embedded", "debian", "both"] as const;

/**
 * TEST_TARGETS (embedded | debian | both) picks the throw-away targets; unset, the whole suite
 * runs on both and a run with Playwright arguments (one file) on the embedded one. A Debian
 * PostgreSQL that is not installed is skipped with a notice, but fails a run that named it or
 * runs in CI (CI=true), where both targets are the point.
 */
export function planTargets(opts: {
  wholeSuite: boolean;
  debianBinDir: string | undefined;
  env: Record<string, string | undefined>;
}): TargetPlan {
  const { env, debianBinDir: binDir } = opts;
  const own = env.TEST_DATABASE_URL || env.DATABASE_URL;
  if (own) return { targets: [{ key: "own", url: own }] };

  const asked = env.TEST_TARGETS;
  if (asked && !(CHOICES as readonly string[]).includes(asked)) {
    return { targets: [], problem: { what: "TEST_TARGETS", why: `"${asked}" is not one of ${CHOICES.join(", ")}`, fails: true } };
  }
  const choice = (asked ?? (opts.wholeSuite ? "both" : "embedded")) as (typeof CHOICES)[number];
  const targets: TargetPlan["targets"] = choice === "debian" ? [] : [{ key: "embedded" }];
  if (choice === "embedded") return { targets };

  if (binDir) return { targets: [...targets, { key: "debian", binDir }] };
  const ci = !asked && env.CI === "true";
  const why =
    `not installed${ci ? ", and CI runs on both targets" : ""}: ${DEBIAN_INSTALL}, ` + "or set PG_BIN_DIR to a PostgreSQL's bin directory";
  return { targets, problem: { what: "Debian PostgreSQL (the JIT-on target)", why, fails: Boolean(asked) || ci } };
}

/** Starts (or, for `own`, connects to) one planned target and names it by what the server reports. */
export async function startTarget(planned: TargetPlan["targets"][number]): Promise<TestTarget> {
  const db = planned.url ? { url: planned.url, stop: async () => {} } : await startThrowawayPostgres("test", { binDir: planned.binDir });
  try {
    const who = planned.key === "embedded" ? "embedded" : planned.key === "debian" ? debianName() : "your";
    return { key: planned.key, name: `${who} ${await describePostgres(db.url)}`, ...db };
  } catch (err) {
    await db.stop();
    throw err;
  }
}
