import { mkdtempSync, rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { createDb } from "../../db";
import { runMigrations } from "../../db/migrate";
import { submissions } from "../../db/schema";
import { V2_SCOPES } from "../../lib/scopes/token-scopes";
import { UNAVAILABLE_MESSAGE } from "../../server/http/unavailable";
import { importForm } from "../../server/services/forms/import-form";
import { createApiToken } from "../../server/services/tokens/create-token";
import { createUserWithOrganization } from "../../server/services/users/create-user";
import { startEmbeddedPostgres, type RunningDb } from "../../scripts/lib/embedded-db";
import { startNextServer, type RunningServer } from "../../scripts/lib/next-server";
import { freePort } from "../../scripts/lib/ports";
import { expect, test } from "../fixtures";
import { insertWebhook } from "../api/webhooks/helpers";
import { startReceiver, waitFor } from "../api/webhooks/receiver";

/**
 * PostgreSQL stopped for 10 s under a load of submits and API reads on two instances (a cluster
 * of the test's own, stopped and started again on the same port): every answer is a 201/200 or a
 * 503 with Retry-After and the surface's sentence, within seconds, never a 500; both instances
 * serve again within 15 s of PostgreSQL's return without a restart, their workers too (every
 * acknowledged submission is stored and its webhook delivered).
 */
type Outcome = { kind: "submit" | "read"; status: number; ms: number; body: string; retryAfter: string | null; at: number };

test("a 10 s database outage under load: 503 with Retry-After, never a 500 or a hang; service again within 15 s", async () => {
  test.setTimeout(170_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "formhouse-outage-pg-"));
  const port = await freePort();
  let pg: RunningDb | undefined = await startEmbeddedPostgres({ dir, port });
  const servers: RunningServer[] = [];
  const receiver = await startReceiver();
  const db = createDb(pg.url, 2);
  try {
    await runMigrations(pg.url);
    const { organizationId } = await createUserWithOrganization(db, {
      email: `outage-${randomUUID()}@example.test`,
      password: "correct horse battery staple",
      name: "Outage",
    });
    const form = await importForm(
      db,
      organizationId,
      { name: "Outage", elements: [{ id: "n", label: "N", type: "number" }] },
      { publish: true },
    );
    await insertWebhook(db, form.id, receiver.url);
    const { token } = await createApiToken(db, { organizationId, kind: "v2", scopes: [...V2_SCOPES] });
    const env = { SUBMIT_RATE_LIMIT_MAX: "1000000", API_RATE_LIMIT_MAX: "1000000" };
    // The first instance serves GET /metrics (METRICS_TOKEN); the second does not have it.
    const metricsToken = `metrics-${randomUUID()}`;
    for (let i = 0; i < 2; i++) {
      const extra = i === 0 ? { METRICS_TOKEN: metricsToken } : {};
      servers.push(await startNextServer({ databaseUrl: pg.url, env: { ...env, ...extra }, logs: Boolean(process.env.SERVER_LOGS) }));
    }
    const scrape = () => fetch(`${servers[0]!.baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });

    const outcomes: Outcome[] = [];
    const acknowledged: string[] = [];
    let running = true;
    let n = 0;
    const call = async (kind: Outcome["kind"], base: string) => {
      const started = Date.now();
      const res = await send(kind, base).catch((err: Error) => err);
      if (res instanceof Error) {
        const cause = (res.cause as Error | undefined)?.message ?? "";
        outcomes.push({ kind, status: 0, ms: Date.now() - started, body: `${res.message}: ${cause}`, retryAfter: null, at: Date.now() });
        return;
      }
      const body = await res.text();
      outcomes.push({
        kind,
        status: res.status,
        ms: Date.now() - started,
        body,
        retryAfter: res.headers.get("retry-after"),
        at: Date.now(),
      });
      if (kind === "submit" && res.status === 201) acknowledged.push((JSON.parse(body) as { id: string }).id);
    };
    const send = (kind: Outcome["kind"], base: string) =>
      kind === "submit"
        ? fetch(`${base}/f/${form.uuid}/submit`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ data: { n: n++ } }),
            signal: AbortSignal.timeout(20_000),
          })
        : fetch(`${base}/api/v2/forms`, { headers: { "x-service-token": token }, signal: AbortSignal.timeout(20_000) });
    const client = async (c: number) => {
      for (let k = 0; running; k++) {
        await call(k % 2 ? "read" : "submit", servers[c % 2]!.baseUrl);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const load = Promise.all(Array.from({ length: 4 }, (_, c) => client(c)));

    await new Promise((r) => setTimeout(r, 2000));
    // Metrics: off without METRICS_TOKEN, refused without the token, then the figures.
    expect((await fetch(`${servers[1]!.baseUrl}/metrics`)).status).toBe(404);
    const refused = await fetch(`${servers[0]!.baseUrl}/metrics`, { headers: { authorization: "Bearer wrong-token-of-some-length" } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    const scraped = await scrape();
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toMatch(/^formhouse_survey_submits_total\{status="201",target="form",body="json"\} [1-9]\d*$/m);
    expect(text).toMatch(/^formhouse_http_requests_total\{route="\/api\/v2\/forms",method="GET",status="200"\} [1-9]\d*$/m);
    expect(text).toMatch(
      /^formhouse_http_request_duration_seconds_bucket\{le="0.5",route="\/f\/:id\/submit",method="POST",status="201"\} \d+$/m,
    );
    expect(text).toMatch(/^formhouse_outbox_depth\{kind="webhook"\} \d+$/m);
    expect(text).toMatch(/^formhouse_outbox_oldest_age_seconds\{kind="mail"\} [\d.]+$/m);
    expect(text).toMatch(/^formhouse_db_connections\{application="formhouse",state="idle"\} [1-9]\d*$/m);
    expect(text).toMatch(/^formhouse_db_up 1$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(text).not.toContain(token);
    const stoppedAt = Date.now();
    await pg.stop();
    pg = undefined;
    await new Promise((r) => setTimeout(r, 4000));
    // The page a respondent opens, and the dashboard's API, while the database is away.
    const page = await fetch(`${servers[0]!.baseUrl}/f/${form.uuid}`);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await page.text()).toContain(UNAVAILABLE_MESSAGE);
    const down = await (await scrape()).text();
    expect(down).toMatch(/^formhouse_db_up 0$/m);
    const trpc = await fetch(`${servers[1]!.baseUrl}/api/trpc/forms.list?batch=1&input=%7B%7D`);
    expect(trpc.status).toBe(503);
    expect(((await trpc.json()) as { error: { data: { code: string } } }[])[0]!.error.data.code).toBe("SERVICE_UNAVAILABLE");
    await new Promise((r) => setTimeout(r, Math.max(0, 10_000 - (Date.now() - stoppedAt))));

    pg = await startEmbeddedPostgres({ dir, port });
    const back = Date.now();
    const serving = await Promise.all(
      servers.map(async (s) => {
        let last = "";
        await waitFor(
          "the instance to serve an API read",
          async () => {
            const res = await fetch(`${s.baseUrl}/api/v2/forms`, { headers: { "x-service-token": token } });
            last = `${res.status} ${await res.text()}`;
            return res.status === 200;
          },
          15_000,
          200,
        ).catch((err: Error) => {
          throw new Error(`${err.message}; last answer: ${last}`);
        });
        return Date.now() - back;
      }),
    );
    for (const ms of serving) expect(ms).toBeLessThan(15_000);
    await new Promise((r) => setTimeout(r, 2000));
    running = false;
    await load;

    const odd = outcomes.filter((o) => ![200, 201, 503].includes(o.status));
    expect(odd.slice(0, 5)).toEqual([]);
    const statuses = new Set(outcomes.map((o) => `${o.kind} ${o.status}`));
    expect([...statuses].sort()).toEqual(["read 200", "read 503", "submit 201", "submit 503"]);
    for (const o of outcomes.filter((x) => x.status === 503)) {
      expect(o.retryAfter).toBe("5");
      expect(JSON.parse(o.body)).toEqual({ message: UNAVAILABLE_MESSAGE });
    }
    // No hang: the slowest answer during the outage took seconds, not the 30 s of a connect timeout.
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(6000);

    // Nothing acknowledged is lost, and the workers (LISTEN, lease) came back: every one is delivered.
    const stored = await db.select({ id: submissions.id }).from(submissions).where(inArray(submissions.id, acknowledged));
    expect(stored).toHaveLength(acknowledged.length);
    await waitFor(
      "every acknowledged submission's webhook",
      () => {
        const got = new Set(receiver.received.map((r) => r.json.submission.id as string));
        return acknowledged.every((id) => got.has(id));
      },
      30_000,
      200,
    );
  } finally {
    for (const s of servers) s.process.kill("SIGKILL");
    await db.$client.end({ timeout: 1 }).catch(() => {});
    await receiver.close();
    await pg?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
