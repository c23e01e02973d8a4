import assert from "node:assert/strict";
import { test } from "node:test";
import { createLogger } from "@/server/log";
import { currentRequestId, pickRequestId, runAsRequest } from "./request-id";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test("a proxy's X-Request-Id is taken only with TRUST_PROXY, and only when it looks like an id", () => {
  assert.equal(pickRequestId("lb-7f3a:42", true), "lb-7f3a:42");
  assert.match(pickRequestId("lb-7f3a:42", false), UUID);
  assert.match(pickRequestId(undefined, true), UUID);
  for (const bad of ["", "has space", "x".repeat(129), "new\nline", "é"]) assert.match(pickRequestId(bad, true), UUID);
  assert.equal(pickRequestId(["first", "second"], true), "first");
});

test("every log line written while serving a request carries its id, across awaits; none outside", async () => {
  const lines: string[] = [];
  const logger = createLogger("info", (line) => lines.push(line));
  logger.info("before");
  await runAsRequest("req-1", async () => {
    logger.info("start");
    await new Promise((r) => setTimeout(r, 5));
    logger.error("failed", new Error("boom"), { formId: 3 });
    assert.equal(currentRequestId(), "req-1");
  });
  logger.info("after");
  assert.deepEqual(
    lines.map((l) => JSON.parse(l)).map((l) => [l.msg, l.requestId]),
    [
      ["before", undefined],
      ["start", "req-1"],
      ["failed", "req-1"],
      ["after", undefined],
    ],
  );
});
