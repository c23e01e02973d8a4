import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_RETRY_SCHEDULE_S } from "@/server/env";
import { MAX_RETRY_AFTER_S, parseRetryAfter, retryDelaySeconds } from "./schedule";

test("the default schedule is 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h: about three days", () => {
  assert.deepEqual(DEFAULT_RETRY_SCHEDULE_S, [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
  const total = DEFAULT_RETRY_SCHEDULE_S.reduce((a, b) => a + b, 0);
  assert.ok(total > 3 * 86400 && total < 3.5 * 86400, String(total));
});

test("the n-th failure waits the n-th step, with ±10 % jitter; after the last step there is none", () => {
  const s = [5, 300, 1800];
  assert.equal(
    retryDelaySeconds(s, 1, null, () => 0.5),
    5,
  );
  assert.equal(
    retryDelaySeconds(s, 1, null, () => 0),
    4.5,
  );
  assert.ok(Math.abs(retryDelaySeconds(s, 2, null, () => 1)! - 330) < 1e-9);
  assert.equal(
    retryDelaySeconds(s, 3, null, () => 0.5),
    1800,
  );
  assert.equal(
    retryDelaySeconds(s, 4, null, () => 0.5),
    null,
  );
  for (let i = 0; i < 200; i++) {
    const d = retryDelaySeconds(s, 2, null)!;
    assert.ok(d >= 270 && d <= 330, String(d));
  }
});

test("Retry-After is honoured: never earlier than asked, capped at a day", () => {
  const s = [5, 300];
  assert.equal(
    retryDelaySeconds(s, 1, 120, () => 0.5),
    120,
  );
  assert.equal(
    retryDelaySeconds(s, 2, 10, () => 0.5),
    300,
  );
  assert.equal(
    retryDelaySeconds(s, 1, 10 * 86400, () => 0.5),
    MAX_RETRY_AFTER_S,
  );
  assert.equal(
    retryDelaySeconds(s, 3, 120, () => 0.5),
    null,
  );
});

test("Retry-After is read as seconds or as an HTTP date", () => {
  const now = Date.parse("2030-01-01T00:00:00Z");
  assert.equal(parseRetryAfter("120", now), 120);
  assert.equal(parseRetryAfter(" 7 ", now), 7);
  assert.equal(parseRetryAfter("Tue, 01 Jan 2030 00:01:30 GMT", now), 90);
  assert.equal(parseRetryAfter("Mon, 31 Dec 2029 00:00:00 GMT", now), 0);
  assert.equal(parseRetryAfter(undefined, now), null);
  assert.equal(parseRetryAfter("soon", now), null);
  assert.equal(parseRetryAfter("-5", now), null);
});
