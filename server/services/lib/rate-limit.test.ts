import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import { eq, inArray } from "drizzle-orm";
import { unitTestDb } from "@/e2e/fixtures/unit-db";
import { rateLimitCounters } from "@/db/schema";
import { hitRateLimit, hitRateLimits, releaseHits } from "./rate-limit";

const url = process.env.DATABASE_URL;
const db = unitTestDb();

test("counts hits per key in a window and reports when the limit is exceeded", { skip: !url && "needs DATABASE_URL" }, async () => {
  const key = `test:${randomUUID()}`;
  const seen = [];
  for (let i = 0; i < 4; i++) seen.push(await hitRateLimit(db, key, 3, 60));
  assert.deepEqual(
    seen.map((s) => [s.count, s.exceeded]),
    [
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ],
  );
  assert.ok(seen.every((s) => s.resetSeconds >= 1 && s.resetSeconds <= 60));
  await releaseHits(db, { clear: [key], refund: [] });
  assert.deepEqual((await hitRateLimit(db, key, 3, 60)).count, 1);
  // Keys are independent.
  assert.equal((await hitRateLimit(db, `${key}:other`, 3, 60)).count, 1);
});

test("a window opens at the first hit and a new one starts after it ends", { skip: !url && "needs DATABASE_URL" }, async () => {
  const key = `test:${randomUUID()}`;
  assert.equal((await hitRateLimit(db, key, 5, 1)).count, 1);
  assert.equal((await hitRateLimit(db, key, 5, 1)).count, 2);
  await new Promise((r) => setTimeout(r, 1100));
  const fresh = await hitRateLimit(db, key, 5, 1);
  assert.equal(fresh.count, 1);
  assert.equal(fresh.resetSeconds, 1);
});

test("several keys are counted in one statement, each in its own window", { skip: !url && "needs DATABASE_URL" }, async () => {
  const a = `test:${randomUUID()}`;
  const b = `test:${randomUUID()}`;
  await hitRateLimit(db, a, 10, 60);
  const hits = await hitRateLimits(db, [a, b], 60);
  assert.deepEqual([hits.get(a)?.count, hits.get(b)?.count], [2, 1]);
  await releaseHits(db, { clear: [a], refund: [b] });
  const again = await hitRateLimits(db, [a, b], 60);
  assert.deepEqual([again.get(a)?.count, again.get(b)?.count], [1, 1]);
});

test(
  "a counter's row expires with its window and is purged by a later hit; live ones stay",
  { skip: !url && "needs DATABASE_URL" },
  async () => {
    const dead = `test:${randomUUID()}`;
    const live = `test:${randomUUID()}`;
    await hitRateLimit(db, dead, 5, 1);
    await hitRateLimit(db, live, 5, 60);
    const [row] = await db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, live));
    assert.ok(row && Math.abs(row.expiresAt.getTime() - row.windowStart.getTime() - 60_000) < 1000);
    await new Promise((r) => setTimeout(r, 1100));
    // Counting other keys with purgeExpired clears ended windows, 500 at a time (never the keys being counted).
    const rowsOf = () =>
      db
        .select({ key: rateLimitCounters.key })
        .from(rateLimitCounters)
        .where(inArray(rateLimitCounters.key, [dead, live]));
    for (let i = 0; i < 100 && (await rowsOf()).length > 1; i++)
      await hitRateLimits(db, [`test:${randomUUID()}`], 60, { purgeExpired: true });
    const left = await rowsOf();
    assert.deepEqual(
      left.map((r) => r.key),
      [live],
    );
  },
);
