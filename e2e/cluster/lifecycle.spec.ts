import { spawnSync } from "node:child_process";
import http from "node:http";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { webhookDeliveries } from "../../db/schema";
import { latestMigrationAt, runMigrations } from "../../db/migrate";
import { LEASE_CLASS } from "../../server/outbox/lease";
import { importForm } from "../../server/services/forms/import-form";
import { createUserWithOrganization } from "../../server/services/users/create-user";
import { freshDatabase } from "../../scripts/lib/fresh-database";
import { startNextServer } from "../../scripts/lib/next-server";
import { TSX_NODE_ARGS } from "../../scripts/lib/server-node";
import { expect, test } from "../fixtures";
import { insertWebhook } from "../api/webhooks/helpers";
import { startReceiver, waitFor } from "../api/webhooks/receiver";

/**
 * An instance's life: liveness and readiness, migrations at start under an advisory lock (and
 * a refusal when the database is newer than the code), and a graceful stop on SIGTERM.
 */

test("GET /api/health is liveness, GET /api/ready readiness: both 200 on a running instance", async ({ request }) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });
  const ready = await request.get("/api/ready");
  expect(ready.status()).toBe(200);
  expect(ready.headers()["cache-control"]).toBe("no-store");
  expect(await ready.json()).toEqual({ status: "ready" });
});

test("instances started together on an empty database apply each migration once; an older code refuses in one sentence", async () => {
  const base = process.env.DATABASE_URL!;
  const name = `t_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  const url = u.toString();
  const db = postgres(url, { max: 1, onnotice: () => {} });
  try {
    // Three starters at once, each on its own connection: the lock makes them take turns.
    await Promise.all([runMigrations(url), runMigrations(url), runMigrations(url)]);
    const journal = (await import("../../db/migrations/meta/_journal.json", { with: { type: "json" } })).default as {
      entries: { when: number }[];
    };
    const applied = await db<{ created_at: string }[]>`select created_at::text from drizzle.__drizzle_migrations order by id`;
    expect(applied.map((r) => Number(r.created_at))).toEqual(journal.entries.map((e) => e.when));

    // A newer version migrated this database: this code must not run on it.
    await db`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', ${latestMigrationAt() + 1000})`;
    const r = spawnSync(process.execPath, [...TSX_NODE_ARGS, "scripts/migrate.ts"], {
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      "[formhouse] The database has migrations newer than this version of Formhouse (it was upgraded by a newer one): " +
        "start that version, or restore a backup taken before the upgrade.\n",
    );
    const [count] = await db<{ n: number }[]>`select count(*)::int as n from drizzle.__drizzle_migrations`;
    expect(count!.n).toBe(journal.entries.length + 1);
  } finally {
    await db.end();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

test("SIGTERM: readiness 503 at once, the request whose body is still arriving and the delivery under way finish, exit 0", async () => {
  test.setTimeout(120_000);
  const database = await freshDatabase();
  const receiver = await startReceiver(() => ({ delayMs: 2500 }));
  let server: Awaited<ReturnType<typeof startNextServer>> | undefined;
  try {
    const { organizationId } = await createUserWithOrganization(database.db, {
      email: `stop-${randomUUID()}@example.test`,
      password: "correct horse battery staple",
      name: "Stop",
    });
    const form = await importForm(
      database.db,
      organizationId,
      { name: "Stop", elements: [{ id: "t", label: "T", type: "short-text" }] },
      { publish: true },
    );
    const hook = await insertWebhook(database.db, form.id, receiver.url);
    server = await startNextServer({ databaseUrl: database.url, env: { SHUTDOWN_DRAIN_MS: "1500" } });
    const exited = new Promise<number | null>((resolve) => server!.process.once("exit", (code) => resolve(code)));

    // A submit whose delivery the receiver holds for 2.5 s.
    const first = await fetch(`${server.baseUrl}/f/${form.uuid}/submit`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { t: "delivered while stopping" } }),
    });
    expect(first.status).toBe(201);
    await waitFor("the delivery to be under way", () => receiver.received.length === 1, 10_000);

    // A second submit whose body is half sent when SIGTERM arrives.
    const body = JSON.stringify({ data: { t: "the body arrives slowly" } });
    const port = Number(new URL(server.baseUrl).port);
    const slow = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          path: `/f/${form.uuid}/submit`,
          method: "POST",
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode!, body: text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 3000);
    });
    await new Promise((r) => setTimeout(r, 200));
    const signalled = Date.now();
    server.process.kill("SIGTERM");

    // Draining: still listening, but not ready.
    await new Promise((r) => setTimeout(r, 200));
    const ready = await fetch(`${server.baseUrl}/api/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get("retry-after")).toBe("5");
    expect(await ready.json()).toEqual({ status: "unavailable", message: "This instance is stopping." });

    // After the drain no connection is taken.
    await new Promise((r) => setTimeout(r, 1800 - (Date.now() - signalled)));
    await expect(fetch(`${server.baseUrl}/api/health`)).rejects.toThrow();

    const answered = await slow;
    expect(answered.status).toBe(201);
    expect(await exited).toBe(0);
    // It waited for the body and the delivery, not for SHUTDOWN_TIMEOUT_MS.
    expect(Date.now() - signalled).toBeLessThan(10_000);

    const rows = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id));
    expect(rows).toHaveLength(2);
    // The delivery under way was recorded before the exit; the second (stored while stopping) waits for the next instance.
    const sent = rows.filter((d) => d.status === "succeeded");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.attempts).toBe(1);
    expect(rows.every((d) => d.lockedBy === null)).toBe(true);
    const [locks] = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = ${LEASE_CLASS}
        and database = (select oid from pg_database where datname = current_database())`,
    );
    expect(locks!.n).toBe(0);
    expect(receiver.received).toHaveLength(1);
  } finally {
    server?.process.kill("SIGKILL");
    await receiver.close();
    await database.drop();
  }
});
