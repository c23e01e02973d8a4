/**
 * `npm test`: the whole suite against real parts.
 *   1. Postgres targets (scripts/lib/test-targets.ts): a throw-away embedded server and one
 *      from Debian's packaged PostgreSQL when installed (TEST_TARGETS=embedded|debian|both);
 *      TEST_DATABASE_URL / DATABASE_URL instead is the only target
 *   2. unit tests (node:test) on each target; the typecheck, lint and format check once
 *   3. migrations, one production build (skip with SKIP_BUILD=1), `next start` on a free port
 *      per target, one after the other
 *   4. API + UI tests (Playwright, real HTTP and Chromium) on the first target, API tests on
 *      the others
 * Extra arguments run on the embedded target alone unless TEST_TARGETS says otherwise: unit test
 * files (`*.test.ts`, e.g. `npm test -- db/jit.test.ts`) run alone, without a build; anything else
 * goes to Playwright (e.g. `npm test -- e2e/api/v2/forms.spec.ts`), and then unit tests and the
 * typecheck are skipped unless RUN_UNIT=1. NEXT_DIST_DIR picks another build directory.
 * Every stage runs even after a failure, so one run reports everything; a summary ends it.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runMigrations } from "../db/migrate";
import { debianBinDir } from "./lib/debian-postgres";
import { buildNext, startNextServer } from "./lib/next-server";
import { freePort } from "./lib/ports";
import { startMailSink, type MailSink } from "./lib/mail-sink";
import { startCaptchaVerifier } from "./lib/captcha-verifier";
import { StageReport } from "./lib/stage-report";
import { planTargets, startTarget, type TestTarget } from "./lib/test-targets";
import { SERVER_CONDITION, TSX_NODE_ARGS } from "./lib/server-node";

const root = process.cwd();
const cliArgs = process.argv.slice(2);
const isUnitFile = (arg: string) => arg.endsWith(".test.ts") && !arg.startsWith("e2e/");
const unitArgs = cliArgs.filter(isUnitFile);
const pwArgs = cliArgs.filter((arg) => !isUnitFile(arg));
const everything = !cliArgs.length || Boolean(process.env.RUN_UNIT);
/** Playwright runs unless the arguments name unit test files only. */
const runsPlaywright = !cliArgs.length || pwArgs.length > 0;

/**
 * The server under test delivers webhooks to receivers on loopback, and retries on a short
 * schedule (0.5 s, 0.5 s, then 1 s ×4: seven attempts in about 5 s) so retry tests finish.
 */
const TEST_WEBHOOK_ENV = { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true", WEBHOOK_RETRY_SCHEDULE: "0.5,0.5,1,1,1,1" };

/**
 * The server under test sends mail to the suite's own SMTP server (e2e/mail/sink-server.ts),
 * retrying on a short schedule too; the tests read it at MAIL_SINK_URL.
 */
const testMailEnv = (sink: MailSink) => ({
  SMTP_URL: sink.smtpUrl,
  MAIL_FROM: "Formhouse <forms@formhouse.test>",
  MAIL_RETRY_SCHEDULE: "0.5,0.5,1,1,1,2,2,2",
  MAIL_SINK_URL: sink.controlUrl,
});

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): number {
  return spawnSync(cmd, args, { stdio: "inherit", env }).status ?? 1;
}

const node = (script: string[], args: string[], env: NodeJS.ProcessEnv) =>
  run(process.execPath, [path.join(root, "node_modules", ...script), ...args], env);

async function main() {
  const report = new StageReport();
  const plan = planTargets({ wholeSuite: !cliArgs.length, debianBinDir: debianBinDir(), env: process.env });
  if (plan.problem) report.note(plan.problem.what, plan.problem.fails ? "failed" : "skipped", plan.problem.why);
  if (!plan.targets.length) {
    report.print();
    process.exit(1);
  }

  const targets: TestTarget[] = [];
  let sink: MailSink | undefined;
  let verifier: Awaited<ReturnType<typeof startCaptchaVerifier>> | undefined;
  try {
    for (const planned of plan.targets) {
      let target: TestTarget | undefined;
      try {
        target = await startTarget(planned);
        await runMigrations(target.url);
        targets.push(target);
      } catch (err) {
        report.note(`the ${planned.key} PostgreSQL target`, "failed", `did not start or migrate: ${(err as Error).message}`);
        await target?.stop();
      }
    }

    const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...(targets[0] && { DATABASE_URL: targets[0].url }) };
    if (everything || unitArgs.length) {
      const files = unitArgs.length && !everything ? unitArgs : unitTestFiles();
      for (const t of targets) {
        await report.stage(`unit tests on ${t.name}`, () =>
          run(process.execPath, [...TSX_NODE_ARGS, "--test", "--test-reporter=spec", ...files], { ...env, DATABASE_URL: t.url }),
        );
      }
    }
    if (everything) {
      if (process.env.SKIP_TYPECHECK !== "1") {
        await report.stage("typecheck", () => node(["typescript", "bin", "tsc"], ["--noEmit", "-p", root], env));
        await report.stage("lint", () => node(["eslint", "bin", "eslint.js"], [root], env));
        // Every file in Prettier's format (.prettierrc.json, .prettierignore): a run fails on one that is not.
        await report.stage("format", () => node(["prettier", "bin", "prettier.cjs"], ["--check", "."], env));
      }
    }
    if (runsPlaywright) {
      // One build serves every target's server.
      const built = process.env.SKIP_BUILD === "1" || (await report.stage("next build", () => (buildNext(env) ? 0 : 1))) === 0;
      sink = await startMailSink();
      verifier = await startCaptchaVerifier();

      for (const [i, t] of targets.entries()) {
        // The UI project (Chromium) runs on the first target only: it tests pages, not the database.
        const what = `${i === 0 ? "API and UI" : "API"} tests on ${t.name}`;
        if (!built) {
          report.note(what, "failed", "not run: next build failed");
          continue;
        }
        const args =
          i === 0
            ? pwArgs
            : [`--project=api`, `--output=test-results/${t.key}`, ...(pwArgs.length ? ["--pass-with-no-tests"] : []), ...pwArgs];
        await report.stage(what, async () => {
          // The server trusts one proxy: each test is a client of its own (e2e/fixtures.ts sends X-Forwarded-For).
          const server = await startNextServer({
            databaseUrl: t.url,
            // Uploaded files in a folder of this run's own, as its database is (e2e/api/uploads/).
            env: { ...env, ...TEST_WEBHOOK_ENV, ...testMailEnv(sink!), ...verifier!.env, TRUST_PROXY: "1", UPLOAD_DIR: freshUploadDir() },
            logs: Boolean(process.env.SERVER_LOGS),
            port: i === 0 ? undefined : await freePort(),
          });
          try {
            // Playwright's workers load server modules for fixtures (e2e/fixtures.ts): the server condition.
            const nodeOptions = [server.env.NODE_OPTIONS, SERVER_CONDITION].filter(Boolean).join(" ");
            return node(["@playwright", "test", "cli.js"], ["test", ...args], { ...server.env, NODE_OPTIONS: nodeOptions });
          } finally {
            server.stop();
          }
        });
      }
    }
  } finally {
    sink?.stop();
    verifier?.stop();
    for (const t of targets) await t.stop();
  }
  finish(report);
}

const freshUploadDir = () => mkdtempSync(path.join(tmpdir(), "formhouse-test-uploads-"));

function finish(report: StageReport): never {
  report.print();
  process.exit(report.failed ? 1 : 0);
}

function unitTestFiles(): string[] {
  const out = spawnSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.test.ts"], { encoding: "utf8" });
  return out.stdout.split("\n").filter((f) => f && !f.startsWith("e2e/"));
}

main();
