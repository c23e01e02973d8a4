import { eq, inArray, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { submissions, webhookDeliveries } from "../../../db/schema";
import { importForm } from "../../../server/services/forms/import-form";
import { createUserWithOrganization } from "../../../server/services/users/create-user";
import { startNextServer } from "../../../scripts/lib/next-server";
import { expect, test } from "../../fixtures";
import { freshDatabase } from "../../../scripts/lib/fresh-database";
import { insertWebhook } from "../webhooks/helpers";

/**
 * A 201 means committed: a server killed with SIGKILL in the middle of a burst of submits has
 * stored every submission it acknowledged, each with its Submission.Created delivery and its
 * count. A second server on a database of its own (its worker off, so deliveries stay in the
 * outbox to be counted), loaded by 16 clients until it dies.
 */
test("SIGKILL under a load of submits loses no acknowledged submission, event or count", async () => {
  test.setTimeout(120_000);
  const database = await freshDatabase();
  const server = await startNextServer({
    databaseUrl: database.url,
    env: { WEBHOOK_WORKER: "off", SUBMIT_RATE_LIMIT_MAX: "1000000", TRUST_PROXY: "1" },
  });
  try {
    const { organizationId } = await createUserWithOrganization(database.db, {
      email: `k-${randomUUID()}@example.test`,
      password: "correct horse battery staple",
      name: "K",
    });
    const form = await importForm(
      database.db,
      organizationId,
      {
        name: "Kill",
        elements: [
          { id: "n", label: "N", type: "number" },
          { id: "t", label: "T", type: "short-text" },
        ],
      },
      { publish: true },
    );
    const hook = await insertWebhook(database.db, form.id, "https://example.com/hook");

    const acknowledged: string[] = [];
    const refused: string[] = [];
    let killed = false;
    const exited = new Promise((resolve) => server.process.once("exit", resolve));
    const client = async (c: number) => {
      for (let n = 0; !killed; n++) {
        try {
          const res = await fetch(`${server.baseUrl}/f/${form.uuid}/submit`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": `10.1.${c}.${(n % 200) + 1}` },
            body: JSON.stringify({ data: { n: c * 1000 + n, t: `client ${c}` }, duration: 5 }),
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id);
          else refused.push(`${res.status} ${await res.text()}`);
        } catch {
          return; // the connection died with the server
        }
        if (acknowledged.length >= 150 && !killed) {
          killed = true;
          server.process.kill("SIGKILL");
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, c) => client(c)));
    await exited;

    expect(refused).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);
    const stored = await database.db.select({ id: submissions.id }).from(submissions).where(inArray(submissions.id, acknowledged));
    expect(stored.length).toBe(acknowledged.length);
    const events = await database.db
      .select({ id: sql<string>`${webhookDeliveries.payload} -> 'submission' ->> 'id'` })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook.id));
    const evented = new Set(events.map((e) => e.id));
    expect(acknowledged.filter((id) => !evented.has(id))).toEqual([]);
    // Every stored row (acknowledged or cut off after its commit) is counted, and has its one event.
    const [all] = await database.db.execute<{ rows: number; counted: number }>(sql`
      select (select count(*) from submissions where form_id = ${form.id})::int as rows,
        (select submissions_count + coalesce((select sum(delta) from submission_count_shards where form_id = ${form.id}), 0)
          from forms where id = ${form.id})::int as counted`);
    expect(all!.counted).toBe(all!.rows);
    expect(events.length).toBe(all!.rows);
  } finally {
    server.stop();
    await database.drop();
  }
});
