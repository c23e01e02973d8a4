import { execFileSync } from "node:child_process";
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { createDb } from "../../db";
import { runMigrations } from "../../db/migrate";
import { V1_SCOPES, V2_SCOPES } from "../../lib/scopes/token-scopes";
import { importForm } from "../../server/services/forms/import-form";
import { createApiToken } from "../../server/services/tokens/create-token";
import { createUserWithOrganization } from "../../server/services/users/create-user";
import { startEmbeddedPostgres, type RunningDb } from "../../scripts/lib/embedded-db";
import { startNextServer, type RunningServer } from "../../scripts/lib/next-server";
import { freePort } from "../../scripts/lib/ports";
import { expect, test } from "../fixtures";

/**
 * DATABASE_READ_URL on a real streaming replica of the test's own (a cold copy of the primary's
 * data directory, streaming from it), made to lag on purpose (`recovery_min_apply_delay`): a
 * submit followed at once by list reads (v1, v2 page 2, the forms list) sees the new rows, since
 * a replica behind the primary is passed over; once it has caught up, the same lists are read
 * from the replica (its own scan counters grow).
 */
const APPLY_DELAY_S = 6;

test("lists read from a lagging replica never miss the caller's own writes, and use the replica once it has caught up", async () => {
  test.setTimeout(150_000);
  const primaryDir = mkdtempSync(path.join(os.tmpdir(), "formhouse-primary-pg-"));
  const replicaDir = `${primaryDir}-replica`;
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  let primary: RunningDb | undefined = await startEmbeddedPostgres({ dir: primaryDir, port: primaryPort });
  let replica: RunningDb | undefined;
  let server: RunningServer | undefined;
  try {
    await runMigrations(primary.url);
    // A cold copy of the stopped primary becomes a standby that streams from it.
    await primary.stop();
    // cp -a keeps the owner (as root, the data belongs to the postgres user that runs the server).
    execFileSync("cp", ["-a", primaryDir, replicaDir]);
    writeFileSync(path.join(replicaDir, "standby.signal"), "");
    appendFileSync(
      path.join(replicaDir, "postgresql.auto.conf"),
      `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=formhouse password=formhouse'\n` +
        `recovery_min_apply_delay = '${APPLY_DELAY_S}s'\nhot_standby = on\n`,
    );
    primary = await startEmbeddedPostgres({ dir: primaryDir, port: primaryPort });
    replica = await startEmbeddedPostgres({ dir: replicaDir, port: replicaPort });
    const replicaClient = postgres(replica.url, { max: 1, onnotice: () => {} });
    expect((await replicaClient`select pg_is_in_recovery() as standby`)[0]!.standby).toBe(true);

    const db = createDb(primary.url, 2);
    const { organizationId } = await createUserWithOrganization(db, {
      email: `replica-${randomUUID()}@example.test`,
      password: "correct horse battery staple",
      name: "Replica",
    });
    const form = await importForm(
      db,
      organizationId,
      { name: "Replica", elements: [{ id: "n", label: "N", type: "number" }] },
      {
        publish: true,
      },
    );
    const { token: v2 } = await createApiToken(db, { organizationId, kind: "v2", scopes: [...V2_SCOPES] });
    const { token: v1 } = await createApiToken(db, { organizationId, kind: "v1", formId: form.id, scopes: [...V1_SCOPES] });
    server = await startNextServer({
      databaseUrl: primary.url,
      env: { DATABASE_READ_URL: replica.url, SUBMIT_RATE_LIMIT_MAX: "1000000", API_RATE_LIMIT_MAX: "1000000" },
      logs: Boolean(process.env.SERVER_LOGS),
    });
    const base = server.baseUrl;
    const get = async (p: string, token: string) => {
      const res = await fetch(`${base}${p}`, { headers: { "x-service-token": token } });
      expect(res.status, p).toBe(200);
      return (await res.json()) as Record<string, any>;
    };
    const submit = async (n: number) => {
      const res = await fetch(`${base}/f/${form.uuid}/submit`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ data: { n } }),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const replicaScans = async () =>
      Number(
        (
          await replicaClient`select coalesce(sum(coalesce(seq_scan, 0) + coalesce(idx_scan, 0)), 0)::int as n
          from pg_stat_user_tables where relname = 'submissions'`
        )[0]!.n,
      );

    // Read-your-write while the replica is seconds behind: every list has the new row.
    for (let round = 0; round < 3; round++) {
      const id = await submit(round);
      const v1List = await get(`/api/v1/submissions?per_page=100`, v1);
      expect(v1List.results.map((s: { id: string }) => s.id)).toContain(id);
      const v2Filtered = await get(`/api/v2/submissions?form_uuid=${form.uuid}&n=${round}`, v2);
      expect(v2Filtered.submissions.map((s: { id: string }) => s.id)).toContain(id);
      // …which the replica did not have yet: those reads were the primary's.
      expect((await replicaClient`select count(*)::int as n from submissions where id = ${id}`)[0]!.n).toBe(0);
    }
    const created = await get(`/api/v2/forms`, v2);
    expect(created.forms.map((f: { uuid: string }) => f.uuid)).toContain(form.uuid);

    // Caught up (the delay has passed and nothing new was written): the lists come from the replica.
    await new Promise((r) => setTimeout(r, (APPLY_DELAY_S + 2) * 1000));
    const before = await replicaScans();
    for (let i = 0; i < 5; i++) expect((await get(`/api/v1/submissions?per_page=100`, v1)).results).toHaveLength(3);
    await expect.poll(replicaScans, { timeout: 20_000, message: "the replica's scans of submissions" }).toBeGreaterThan(before);
    await replicaClient.end();
    await db.$client.end();
  } finally {
    server?.stop();
    await replica?.stop();
    await primary?.stop();
    rmSync(primaryDir, { recursive: true, force: true });
    rmSync(replicaDir, { recursive: true, force: true });
  }
});
