/**
 * `npm run bench:cluster`: several instances behind HAProxy (deploy/haproxy.cfg) on one throw-away
 * embedded PostgreSQL, on this machine:
 *   1. survey submits per second through the balancer with 1, 2 and 3 instances (BENCH_CLIENTS
 *      clients, default 32, for BENCH_SECONDS, default 8; each instance runs its outbox workers and
 *      delivers each submit's webhook to a receiver on loopback);
 *   2. with three, the p50 and p99 of `GET /api/v2/forms` under a steady load of submits and reads,
 *      while the three are restarted one after another (SIGTERM, drain, start), and the failed requests.
 * The instances share the machine's cores with PostgreSQL and the load: on a small machine more
 * instances add contention, not capacity; the figure is what this machine does.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { performance } from "node:perf_hooks";
import { createDb } from "../db";
import { runMigrations } from "../db/migrate";
import { V2_SCOPES } from "../lib/scopes/token-scopes";
import { importForm } from "../server/services/forms/import-form";
import { createApiToken } from "../server/services/tokens/create-token";
import { createUserWithOrganization } from "../server/services/users/create-user";
import { insertWebhook } from "./lib/seed-webhook";
import { Cluster, haproxyBinary } from "./lib/cluster";
import { startThrowawayPostgres } from "./lib/embedded-db";

const CLIENTS = Number(process.env.BENCH_CLIENTS) || 32;
const SECONDS = Number(process.env.BENCH_SECONDS) || 8;
const ENV = { SUBMIT_RATE_LIMIT_MAX: "100000000", API_RATE_LIMIT_MAX: "100000000", WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" };

const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;

async function main() {
  const binary = haproxyBinary();
  if (!binary) throw new Error("haproxy is not installed (apt-get install haproxy)");
  const pg = await startThrowawayPostgres("cluster-bench");
  const receiver = http.createServer((req, res) => req.resume().on("end", () => res.end()));
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
  const db = createDb(pg.url, 2);
  try {
    await runMigrations(pg.url);
    const { organizationId } = await createUserWithOrganization(db, {
      email: `bench-${randomUUID()}@example.test`,
      password: "correct horse battery staple",
      name: "Bench",
    });
    const elements = Array.from({ length: 10 }, (_, i) => ({ id: `q${i}`, label: `Q${i}`, type: "short-text" }));
    const form = await importForm(db, organizationId, { name: "Cluster bench", elements }, { publish: true });
    await insertWebhook(db, form.id, hookUrl);
    const { token } = await createApiToken(db, { organizationId, kind: "v2", scopes: [...V2_SCOPES] });
    const body = JSON.stringify({ data: Object.fromEntries(elements.map((e) => [e.id, `answer ${e.id}`])) });

    console.log(`submits through HAProxy, ${CLIENTS} clients, ${SECONDS} s a case`);
    console.log("| instances | submits/s | p50 ms | p99 ms | not 201 |");
    console.log("| --------: | --------: | -----: | -----: | -----: |");
    for (const n of [1, 2, 3]) {
      const cluster = await Cluster.start(pg.url, n, ENV);
      try {
        await cluster.startBalancer(binary);
        const ms: number[] = [];
        const failed = new Map<string, number>();
        const until = performance.now() + SECONDS * 1000;
        await Promise.all(
          Array.from({ length: CLIENTS }, async () => {
            while (performance.now() < until) {
              const t = performance.now();
              const res = await fetch(`${cluster.url}/f/${form.uuid}/submit`, {
                method: "POST",
                headers: { "content-type": "application/json" },
                body,
              }).catch(() => null);
              await res?.arrayBuffer();
              if (res?.status === 201) ms.push(performance.now() - t);
              else failed.set(String(res?.status ?? "no answer"), (failed.get(String(res?.status ?? "no answer")) ?? 0) + 1);
            }
          }),
        );
        const rate = (ms.length / SECONDS).toFixed(0);
        const others = [...failed].map(([status, count]) => `${count}× ${status}`).join(", ") || "0";
        console.log(`| ${n} | ${rate} | ${pct(ms, 0.5).toFixed(1)} | ${pct(ms, 0.99).toFixed(1)} | ${others} |`);
        if (n === 3) await rollingRestart(cluster, form.uuid, body, token);
      } finally {
        await cluster.close();
      }
    }
  } finally {
    await db.$client.end();
    receiver.close();
    await pg.stop();
  }
}

async function rollingRestart(cluster: Cluster, uuid: string, body: string, token: string) {
  let running = true;
  let failed = 0;
  const readMs: number[] = [];
  const submitter = async () => {
    while (running) {
      const res = await fetch(`${cluster.url}/f/${uuid}/submit`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      }).catch(() => null);
      await res?.arrayBuffer();
      if (res?.status !== 201) failed++;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const reader = async () => {
    while (running) {
      const t = performance.now();
      const res = await fetch(`${cluster.url}/api/v2/forms`, { headers: { "x-service-token": token } }).catch(() => null);
      await res?.arrayBuffer();
      if (res?.status === 200) readMs.push(performance.now() - t);
      else failed++;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const load = Promise.all([submitter(), submitter(), submitter(), reader(), reader()]);
  const started = performance.now();
  for (let i = 0; i < cluster.instances.length; i++) {
    if ((await cluster.stop(i)) !== 0) failed++;
    await cluster.restart(i);
  }
  running = false;
  await load;
  const s = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `rolling restart of 3 under load (${s} s): GET /api/v2/forms p50 ${pct(readMs, 0.5).toFixed(1)} ms, ` +
      `p99 ${pct(readMs, 0.99).toFixed(1)} ms over ${readMs.length} reads; failed requests: ${failed}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
