/**
 * `npm run fuzz`: the fuzz tests (e2e/api/fuzz: the documented REST surfaces, the survey routes)
 * at length — 20,000 requests each (FUZZ_RUNS) with a random seed, printed first so a failure can
 * be replayed with `FUZZ_SEED=<seed> npm run fuzz`.
 * Runs through `npm test` (build, throw-away database, server); extra arguments go to Playwright.
 */
import { spawnSync } from "node:child_process";
import { TSX_NODE_ARGS } from "./lib/server-node";

const seed = process.env.FUZZ_SEED || String(Math.floor(Math.random() * 2 ** 31));
const runs = process.env.FUZZ_RUNS || "20000";
console.log(`fuzz: seed ${seed}, ${runs} requests (replay: FUZZ_SEED=${seed} npm run fuzz)`);
const result = spawnSync(process.execPath, [...TSX_NODE_ARGS, "scripts/test.ts", "e2e/api/fuzz", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs, FUZZ_TIME_LIMIT_MS: process.env.FUZZ_TIME_LIMIT_MS ?? "0" },
});
process.exit(result.status ?? 1);
