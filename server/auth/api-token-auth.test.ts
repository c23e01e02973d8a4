import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createDb, type Db } from "@/db";
import { AppError } from "@/lib/errors";
import { createApiToken } from "@/server/services/tokens/create-token";
import { createUserWithOrganization } from "@/server/services/users/create-user";
import { authenticateApiToken } from "./api-token-auth";

// Real Postgres: `npm test` provides DATABASE_URL (migrated). Two pools stand for two instances.
const url = process.env.DATABASE_URL;
let a: Db;
let b: Db;

before(() => {
  if (!url) return;
  a = createDb(url, 2);
  b = createDb(url, 2);
});
after(async () => {
  await a?.$client.end();
  await b?.$client.end();
});

test("two instances on one database share one rate limit per token", { skip: !url && "needs DATABASE_URL" }, async () => {
  const { organizationId } = await createUserWithOrganization(a, { email: `rl-${Date.now()}@example.test`, password: "password123" });
  const { token } = await createApiToken(a, { organizationId, kind: "v2", scopes: ["form.view"] });
  const seen: number[] = [];
  for (let i = 0; i < 10; i++) {
    const { rateLimit } = await authenticateApiToken(i % 2 ? a : b, token, "v2");
    seen.push(rateLimit.remaining);
  }
  assert.deepEqual(seen, [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
  await assert.rejects(authenticateApiToken(b, token, "v2"), (e: unknown) => {
    assert.ok(e instanceof AppError);
    assert.equal(e.status, 429);
    assert.equal(e.message, "You have exceeded api rate limit");
    assert.ok(Number(e.headers["Retry-After"]) >= 1);
    return true;
  });
});

test("concurrent requests are counted exactly (no lost updates)", { skip: !url && "needs DATABASE_URL" }, async () => {
  const { organizationId } = await createUserWithOrganization(a, { email: `rl2-${Date.now()}@example.test`, password: "password123" });
  const { token } = await createApiToken(a, { organizationId, kind: "v2", scopes: ["form.view"] });
  const results = await Promise.allSettled(Array.from({ length: 16 }, (_, i) => authenticateApiToken(i % 2 ? a : b, token, "v2")));
  assert.equal(results.filter((r) => r.status === "fulfilled").length, 10);
  assert.equal(results.filter((r) => r.status === "rejected").length, 6);
});

test(
  "the asynchronous commit of the counters stays inside the token check's own statement",
  { skip: !url && "needs DATABASE_URL" },
  async () => {
    const one = createDb(url!, 1);
    try {
      const { organizationId } = await createUserWithOrganization(one, { email: `ac-${Date.now()}@example.test`, password: "password123" });
      const { token } = await createApiToken(one, { organizationId, kind: "v2", scopes: ["form.view"] });
      await authenticateApiToken(one, token, "v2");
      await assert.rejects(authenticateApiToken(one, "fh_v2_" + "x".repeat(32), "v2"), AppError);
      // The pool's only connection: the next statement commits synchronously again.
      const [row] = await one.$client`show synchronous_commit`;
      assert.equal(row!.synchronous_commit, "on");
    } finally {
      await one.$client.end();
    }
  },
);
