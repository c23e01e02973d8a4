import assert from "node:assert/strict";
import { test } from "node:test";

// A web instance started with WEBHOOK_WORKER=off (and no database at all: nothing may connect).
process.env.WEBHOOK_WORKER = "off";
process.env.DATABASE_URL = "postgres://unused@127.0.0.1:1/unused";

test("WEBHOOK_WORKER=off keeps the workers out of a web instance: nothing is started or connected", async () => {
  const { startWorkersInWebProcess } = await import("@/server/workers");
  startWorkersInWebProcess();
  await new Promise((r) => setTimeout(r, 50));
  assert.equal((globalThis as { formhouseOutbox?: unknown }).formhouseOutbox, undefined);
});
