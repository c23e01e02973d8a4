import assert from "node:assert/strict";
import { test } from "node:test";
import { planTargets } from "./test-targets";

const DEBIAN = "/usr/lib/postgresql/15/bin";
const keys = (plan: ReturnType<typeof planTargets>) => plan.targets.map((t) => t.key);

test("the whole suite runs on both targets; a run with Playwright arguments on the embedded one", () => {
  assert.deepEqual(keys(planTargets({ wholeSuite: true, debianBinDir: DEBIAN, env: {} })), ["embedded", "debian"]);
  assert.deepEqual(keys(planTargets({ wholeSuite: false, debianBinDir: DEBIAN, env: {} })), ["embedded"]);
  assert.deepEqual(keys(planTargets({ wholeSuite: false, debianBinDir: DEBIAN, env: { TEST_TARGETS: "both" } })), ["embedded", "debian"]);
  assert.deepEqual(keys(planTargets({ wholeSuite: true, debianBinDir: DEBIAN, env: { TEST_TARGETS: "debian" } })), ["debian"]);
});

test("a database URL is the only target", () => {
  const plan = planTargets({ wholeSuite: true, debianBinDir: DEBIAN, env: { DATABASE_URL: "postgres://x@h/db", TEST_TARGETS: "both" } });
  assert.deepEqual(plan.targets, [{ key: "own", url: "postgres://x@h/db" }]);
});

test("without Debian's PostgreSQL the second target is skipped, but fails CI and a run that named it", () => {
  const laptop = planTargets({ wholeSuite: true, debianBinDir: undefined, env: {} });
  assert.deepEqual(keys(laptop), ["embedded"]);
  assert.equal(laptop.problem?.fails, false);
  assert.match(laptop.problem?.why ?? "", /apt-get install -y postgresql/);
  assert.equal(planTargets({ wholeSuite: true, debianBinDir: undefined, env: { CI: "true" } }).problem?.fails, true);
  assert.equal(planTargets({ wholeSuite: false, debianBinDir: undefined, env: { TEST_TARGETS: "both" } }).problem?.fails, true);
  assert.deepEqual(keys(planTargets({ wholeSuite: false, debianBinDir: undefined, env: { TEST_TARGETS: "debian" } })), []);
  assert.equal(planTargets({ wholeSuite: false, debianBinDir: undefined, env: { CI: "true" } }).problem, undefined);
});

test("an unknown TEST_TARGETS starts nothing and fails", () => {
  const plan = planTargets({ wholeSuite: true, debianBinDir: DEBIAN, env: { TEST_TARGETS: "all" } });
  assert.deepEqual(plan.targets, []);
  assert.equal(plan.problem?.fails, true);
});
