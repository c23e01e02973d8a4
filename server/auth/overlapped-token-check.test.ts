import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { eq, sql } from "drizzle-orm";
import { db as getDb, type Db } from "@/db";
import { apiTokens, forms } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { accessForOrganization, type FormAccess } from "@/server/services/forms/access";
import { querySubmissionsCheckingToken, type PendingTokenCheck } from "@/server/services/submissions/query/checking-token";
import { querySubmissions } from "@/server/services/submissions/query/entry";
import { listFormPage } from "@/server/services/submissions/query/page";
import { queryLimits } from "@/server/services/submissions/query/plan";
import { resolveSort } from "@/server/services/submissions/sort";
import { createApiToken, revokeApiTokenByValue } from "@/server/services/tokens/create-token";
import { hashToken } from "@/server/services/tokens/token-format";
import { apiTokenOverlappedProcedure, createContext, router } from "@/server/trpc";
import { deferredTokenCheck } from "@/server/auth/api-token-auth";
import { drizzle } from "drizzle-orm/postgres-js";
import { CASING, schema } from "@/db";
import { createUserWithOrganization } from "@/server/services/users/create-user";

/**
 * GET /api/v2/submissions checks its token beside the page's read (apiTokenOverlappedProcedure).
 * Its refusals must be those of every other token route, GET /api/v2/forms/{id} here
 * (apiTokenProcedure): same status, body and headers, and never any data.
 * Real Postgres: `npm test` provides DATABASE_URL (migrated); the REST handler runs in-process.
 */
const url = process.env.DATABASE_URL;
process.env.API_RATE_LIMIT_MAX = "3";
process.env.API_RATE_LIMIT_WINDOW_S = "60";

let db: Db;
let orgId: number;
let form: { id: number; uuid: string };
let other: { id: number; uuid: string };
let rest: (request: Request) => Promise<Response>;

before(async () => {
  if (!url) return;
  db = getDb();
  const user = { email: `overlap-${Date.now()}@example.test`, password: "password123" };
  ({ organizationId: orgId } = await createUserWithOrganization(db, user));
  const made = await db
    .insert(forms)
    .values([
      { organizationId: orgId, name: "Listed", elements: [{ id: "q", label: "Q", type: "short-text" }] },
      { organizationId: orgId, name: "Other", elements: [] },
    ])
    .returning({ id: forms.id, uuid: forms.uuid });
  [form, other] = [made[0]!, made[1]!];
  // 25 rows: ties on created_at and updated_at, some without a duration.
  await db.execute(sql`
    insert into submissions (form_id, organization_id, data, duration, created_at, updated_at)
    select ${form.id}, ${orgId}, jsonb_build_object('q', 'v' || g), case when g % 4 = 0 then null else g % 7 end,
      timestamptz '2024-01-01' + (g / 3) * interval '1 minute', timestamptz '2024-02-01' + (g % 5) * interval '1.5 second'
    from generate_series(1, 25) g`);
  await db.update(forms).set({ submissionsCount: 25 }).where(eq(forms.id, form.id));
  ({ restHandler: rest } = await import("@/server/rest/surfaces").then((m) => ({ restHandler: m.restHandler("v2") })));
});
after(async () => {
  await db?.$client.end();
});

const skip = !url && "needs DATABASE_URL";
const newToken = async (opts: { scopes?: string[]; formIds?: number[] } = {}) => {
  const scopes = opts.scopes ?? ["submission.view", "form.view"];
  return (await createApiToken(db, { organizationId: orgId, kind: "v2", scopes, formIds: opts.formIds })).token;
};

async function call(path: string, token: string) {
  const res = await rest(new Request(`http://localhost/api/v2${path}`, { headers: { "x-service-token": token } }));
  const headers = Object.fromEntries([...res.headers].filter(([k]) => !["date"].includes(k)));
  return { status: res.status, headers, body: (await res.json()) as Record<string, unknown> };
}
const page = () => `/submissions?form_uuid=${form.uuid}`;
const formPath = () => `/forms/${form.uuid}`;

test("a revoked token gets the same 401 on the overlapped list as on any token route, and no data", { skip }, async () => {
  const token = await newToken();
  assert.equal((await call(page(), token)).status, 200);
  await revokeApiTokenByValue(db, token);
  const listed = await call(page(), token);
  const plain = await call(formPath(), token);
  assert.equal(listed.status, 401);
  assert.deepEqual(listed.body, { message: "Invalid access token" });
  assert.deepEqual(listed, plain);
});

test("a rate-limited token gets the same 429 and headers, no data, and every refused hit is counted", { skip }, async () => {
  const [a, b] = [await newToken(), await newToken()];
  for (let i = 1; i <= 3; i++) {
    const ok = await call(page(), a);
    assert.equal(ok.status, 200);
    assert.equal(ok.headers["x-ratelimit-remaining"], String(3 - i));
    await call(formPath(), b);
  }
  const listed = await call(page(), a);
  const plain = await call(formPath(), b);
  assert.equal(listed.status, 429);
  assert.deepEqual(listed.body, { message: "You have exceeded api rate limit" });
  assert.ok(Number(listed.headers["retry-after"]) >= 1);
  // Same answer; Retry-After/RateLimit-Reset may differ by the second between the two tokens.
  const resets = { "retry-after": "", "ratelimit-reset": "", "x-ratelimit-reset": "" };
  const shape = (r: typeof listed) => ({ ...r, headers: { ...r.headers, ...resets } });
  assert.deepEqual(shape(listed), shape(plain));
  await call(page(), a);
  const [row] = await db
    .select({ usage: apiTokens.usageCount, id: apiTokens.id })
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, hashToken(a)));
  assert.equal(row!.usage, 5);
  const [counter] = await db.execute<{ count: number }>(sql`select count from rate_limit_counters where key = ${`api:${row!.id}`}`);
  assert.equal(counter!.count, 5);
});

test("a token without the scope gets the same 403, and no data", { skip }, async () => {
  const token = await newToken({ scopes: ["form.view"] });
  const listed = await call(page(), token);
  assert.equal(listed.status, 403);
  assert.deepEqual(listed.body, { message: "You do not have permission to perform this action. Required scope: submission.view" });
  assert.equal("submissions" in listed.body, false);
});

test("a malformed, unknown or v1 token is refused before any read, as on any token route", { skip }, async () => {
  for (const token of ["abc", "fh_v2_" + "A".repeat(32), "fh_v1_" + "A".repeat(32)]) {
    const listed = await call(page(), token);
    assert.deepEqual(listed, await call(formPath(), token), token);
    assert.ok(listed.status === 400 || listed.status === 401, token);
  }
});

test("a form-restricted token lists its form and gets 404 for another, as before", { skip }, async () => {
  const token = await newToken({ formIds: [other.id] });
  const denied = await call(page(), token);
  assert.equal(denied.status, 404);
  assert.deepEqual(denied.body, { message: "Form not found or not authorized" });
  const own = await call(`/submissions?form_uuid=${other.uuid}`, token);
  assert.equal(own.status, 200);
  assert.deepEqual(own.body.submissions, []);
});

test("page 1 in one statement equals the two-statement listing, for every column sort", { skip }, async () => {
  const access = accessForOrganization(orgId);
  const [row] = await db.select().from(forms).where(eq(forms.id, form.id));
  for (const field of ["created_at", "updated_at", "duration"]) {
    for (const order of ["asc", "desc"]) {
      const sort = resolveSort(field, order);
      const one = await querySubmissions(db, access, { form: { formUuid: form.uuid }, page: 1, sort });
      const two = await listFormPage(db, access, row!, { page: 1, sort, filters: [] }, queryLimits(row!.submissionsCount));
      assert.deepEqual(one.submissions, two.submissions, `${field} ${order}`);
      assert.equal(one.totalCount, 25);
      assert.equal(one.form.id, form.id);
      // What the one statement says of the form is the form as read on its own.
      assert.deepEqual(one.form, { id: row!.id, uuid: row!.uuid, name: row!.name, elements: row!.elements });
    }
  }
});

test("a check that did not ride in the page is awaited: the checked access answers, or the check's error", { skip }, async () => {
  const sort = resolveSort(undefined, undefined);
  // The check ran on its own (taken by nothing) and passed: the checked access answers.
  const passed: PendingTokenCheck = { take: () => null, access: Promise.resolve(accessForOrganization(orgId)) };
  const listed = await querySubmissionsCheckingToken(db, passed, { form: { formUuid: form.uuid }, page: 1, sort });
  assert.equal(listed.submissions.length, 20);
  // The check failed: its error, never data.
  const refused = Promise.reject(new AppError("UNAUTHORIZED", "Invalid access token"));
  refused.catch(() => {}); // as apiTokenOverlappedProcedure does: the check's failure is answered there
  const failed: PendingTokenCheck = { take: () => null, access: refused as Promise<FormAccess> };
  await assert.rejects(querySubmissionsCheckingToken(db, failed, { form: { formUuid: form.uuid }, page: 1, sort }), /Invalid access token/);
});

test("a mutation on the overlapped builder starts only once its token is good", { skip }, async () => {
  let ran = 0;
  const r = router({ write: apiTokenOverlappedProcedure("v2").mutation(() => ++ran) });
  const caller = (token: string) => r.createCaller(createContext({ headers: new Headers({ "x-service-token": token }), surface: "v2" }));
  await assert.rejects(caller("fh_v2_" + "B".repeat(32)).write(), /Invalid access token/);
  assert.equal(ran, 0);
  assert.equal(await caller(await newToken()).write(), 1);
});

/** The same pool, its statements counted (drizzle's logger sees each one it sends). */
function countingDb(): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const counted = drizzle(db.$client, { schema, casing: CASING, logger: { logQuery: (q) => statements.push(q) } }) as Db;
  return { db: counted, statements };
}

const usageOf = async (token: string) =>
  (
    await db
      .select({ usage: apiTokens.usageCount })
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, hashToken(token)))
  )[0]!.usage;

test("page 1 carries the token check: one statement reads the page and counts the hit once", { skip }, async () => {
  const token = await newToken();
  const { db: counted, statements } = countingDb();
  const check = deferredTokenCheck(counted, token, "v2");
  const settled = check.result.then((c) => ({ organizationId: c.principal.organizationId, formIds: c.principal.formIds }));
  const listed = await querySubmissionsCheckingToken(
    counted,
    { take: check.take, access: settled },
    {
      form: { formUuid: form.uuid },
      page: 1,
      sort: resolveSort(undefined, undefined),
    },
  );
  check.finish(); // settled already: neither a second check nor an error
  const { principal, rateLimit } = await check.result;
  assert.equal(statements.length, 1);
  assert.match(statements[0]!, /^with\s+fh_token as/);
  assert.equal(listed.submissions.length, 20);
  assert.equal(listed.totalCount, 25);
  assert.equal(principal.organizationId, orgId);
  assert.equal(rateLimit.remaining, 2);
  assert.equal(await usageOf(token), 1);
});

test("the v2 procedure's page 1 carries its token check: one statement in all; a later page checks first", { skip }, async () => {
  const token = await newToken();
  const { db: counted, statements } = countingDb();
  const { v2Router } = await import("@/server/routers/v2/router");
  const context = createContext({ headers: new Headers({ "x-service-token": token }), surface: "v2" });
  const caller = v2Router.createCaller({ ...context, db: counted });
  const first = await caller.submissions.list({ form_uuid: form.uuid } as never);
  assert.equal(statements.length, 1);
  assert.match(statements[0]!, /^with\s+fh_token as/);
  assert.equal(first.submissions.length, 20);
  assert.equal(first.meta.totalCount, 25);
  statements.length = 0;
  const second = await caller.submissions.list({ form_uuid: form.uuid, page: "2" } as never);
  assert.match(statements[0]!, /^with\s+fh_token as/, "the check alone, first");
  assert.equal(statements.length, 3, "then the form, then the page");
  assert.equal(second.submissions.length, 5);
  assert.equal(await usageOf(token), 2);
});

test("a check runs once: taken, it does not start; started, it cannot be taken", { skip }, async () => {
  const token = await newToken();
  const started = deferredTokenCheck(db, token, "v2");
  started.start();
  assert.equal(started.take(), null);
  started.finish();
  await started.result;
  assert.equal(await usageOf(token), 1);

  const taken = deferredTokenCheck(db, token, "v2");
  assert.ok(taken.take());
  taken.start();
  assert.equal(taken.take(), null);
  // Taken and never run: finishing fails it rather than leave the request hanging.
  taken.finish();
  await assert.rejects(taken.result, /did not run it/);
  assert.equal(await usageOf(token), 1);
});

test("a taken check answers 401 for a revoked token and 429 past the limit, from the page's own statement", { skip }, async () => {
  const list = async (token: string) => {
    const check = deferredTokenCheck(db, token, "v2");
    check.result.catch(() => {});
    const settled = check.result.then((c) => ({ organizationId: c.principal.organizationId, formIds: c.principal.formIds }));
    settled.catch(() => {});
    const pending = { take: check.take, access: settled };
    const sort = resolveSort(undefined, undefined);
    const listed = querySubmissionsCheckingToken(db, pending, { form: { formUuid: form.uuid }, page: 1, sort });
    listed.catch(() => {});
    await listed.catch(() => {});
    check.finish();
    return check.result;
  };
  const revoked = await newToken();
  await revokeApiTokenByValue(db, revoked);
  await assert.rejects(list(revoked), /Invalid access token/);
  const busy = await newToken();
  for (let i = 0; i < 3; i++) await list(busy);
  await assert.rejects(list(busy), (e: AppError) => e.code === "TOO_MANY_REQUESTS");
  assert.equal(await usageOf(busy), 4);
});
