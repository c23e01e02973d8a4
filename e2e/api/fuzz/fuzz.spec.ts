import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { forms, submissions } from "../../../db/schema";
import { DOCUMENTED_SURFACES, openApiPath } from "../../../server/rest/documents";
import { expect, test, type ApiClient, type Seed } from "../../fixtures";
import { EVERY_KIND } from "../form-fixtures";
import { describeRequest, operationWeight, requestFor, type Element, type World } from "./arbitraries";
import { tokenSource } from "./credentials";
import { operationsOf, type Operation } from "./operations";
import { problemWith } from "./oracle";

/**
 * Property-based fuzz of every REST surface that has an OpenAPI document (server/rest/documents.ts):
 * requests generated from each operation of each document — hostile path, query and body values,
 * encodings, nesting, with and without valid tokens — must never answer 5xx, and every answer
 * must be JSON in the operation's documented error shape, in the documented order (token, then input).
 *
 * In the suite: a fixed seed, FUZZ_RUNS requests (default 1,000) within FUZZ_TIME_LIMIT_MS
 * (default 45 s). `npm run fuzz` runs 20,000 with a random seed it prints; replay one with
 * `FUZZ_SEED=<seed> npm run fuzz`.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_250_901);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1_000);
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_LIMIT_MS ?? 45_000);

const formFile = (name: string) => JSON.parse(readFileSync(join(process.cwd(), "e2e/fixtures/forms", name), "utf8"));

/**
 * Stored values of every odd shape, written directly (an import would refuse some): filters
 * must read them without failing the query, and only rows make PostgreSQL evaluate a filter.
 */
const ODD_VALUES: Record<string, unknown>[] = [
  { employees: 3, callback_on: "2024-06-03", subject: "Analytical engine", topic: "sales", products: ["forms", "api"] },
  { employees: "0.30000000000000001", callback_on: "0050-01-01", subject: "100% _under\\score_", topic: ["sales", "other"] },
  { employees: "0.3", callback_on: "9999-12-31", subject: "İstanbul ß 😀", products: "api" },
  { employees: "-0", callback_on: "9999-12-31T23:59:59-14:00", subject: "", source: 12 },
  { employees: 1e300, callback_on: "0001-01-01T00:00:00+14:00", subject: " ", email: "a@b.c" },
  { employees: "abc", callback_on: "2024-02-30", subject: null, full_name: { first_name: "Ada", last_name: 7 } },
  { employees: [1, 2], callback_on: 20240101, subject: ["x"], satisfaction: { row_docs: { col_ok: true } } },
  { employees: { n: 1 }, callback_on: "2024-01-01T25:00:00Z", colleagues: [{ colleague_name: "Grace" }, "junk", null] },
  { employees: "  42  ", callback_on: "0000-01-01", postal_address: "not an object" },
  {},
];

/**
 * One organization with the contact form (odd stored values, a prefill, unique links), a second
 * form whose submission ids the paths use (so deletes never empty the contact form), and a
 * foreign organization's form.
 */
async function seedWorld(seed: Seed, api: ApiClient) {
  const org = await seed.org();
  const contact = formFile("contact.json");
  const form = await seed.form(org.organizationId, { ...contact, submissions: [] }, { publish: true });
  const second = await seed.form(org.organizationId, { ...contact, name: "Second", submissions: contact.submissions });
  const other = await seed.org();
  const foreign = await seed.form(other.organizationId, formFile("newsletter.json"));
  await seed.db.insert(submissions).values(ODD_VALUES.map((data) => ({ formId: form.id, organizationId: org.organizationId, data })));
  await seed.db.update(forms).set({ submissionsCount: ODD_VALUES.length }).where(eq(forms.id, form.id));

  const token = await seed.token(org.organizationId);
  const prefill = await api.call("POST", `/api/v2/forms/${form.uuid}/prefills`, {
    token,
    body: { prefills: [{ name: "fuzz", prefill_data: EVERY_KIND }] },
  });
  const links = await api.call("POST", `/api/v2/forms/${form.uuid}/unique_links`, {
    token,
    body: { unique_links: [{ entry_name: "fuzz-1" }, { entry_name: "fuzz-2", prefill_data: EVERY_KIND.slice(0, 3) }] },
  });
  expect([prefill.status, links.status]).toEqual([201, 201]);
  const submissionIds = (await seed.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.formId, second.id))).map(
    (s) => s.id,
  );

  type Labelled = { id: string; label: string; type: string; children?: { label: string }[]; components?: { id: string; label: string }[] };
  const elements = contact.elements as (Element & Labelled)[];
  const unknown = ["00000000-0000-0000-0000-000000000000", "0", "2147483648"];
  const world: World = {
    ids: {
      // Weighted by repetition: mostly the contact form.
      forms: [
        ...Array(4).fill(form.uuid),
        String(form.id),
        form.uuid.toUpperCase(),
        second.uuid,
        String(second.id),
        foreign.uuid,
        String(foreign.id),
        ...unknown,
      ],
      prefills: [...prefill.body.prefills.map((p: { prefillId: string }) => p.prefillId), ...unknown],
      unique_links: [...links.body.uniqueLinks.map((l: { id: string }) => l.id), ...unknown],
      submissions: [...submissionIds, ...unknown],
    },
    fields: (elements as Labelled[]).flatMap((e) => [
      e.id,
      e.label,
      ...(e.children ?? []).map((c) => c.label),
      ...(e.components ?? []).flatMap((c) => [c.id, c.label]),
    ]),
    kinds: Object.fromEntries(
      elements.flatMap((e) =>
        e.type === "number" || e.type === "date"
          ? [
              [e.id, e.type],
              [e.label, e.type],
            ]
          : [],
      ),
    ),
    elements,
  };
  return { world, tenant: { seed, organizationId: org.organizationId, userId: org.userId, formId: form.id } };
}

test("every documented operation answers hostile requests in its JSON error shape, token first, never 5xx", async ({
  seed,
  api,
  request,
}) => {
  test.setTimeout((TIME_LIMIT_MS || RUNS * 200) + 120_000);
  const { world, tenant } = await seedWorld(seed, api);

  const operations: Operation[] = [];
  for (const surface of DOCUMENTED_SURFACES) {
    const res = await request.get(openApiPath(surface));
    expect(res.status(), openApiPath(surface)).toBe(200);
    operations.push(...operationsOf(surface, await res.json()));
  }
  expect(new Set(operations.map((o) => o.surface))).toEqual(new Set(DOCUMENTED_SURFACES));
  const { tokenFor, headerFor } = tokenSource(tenant, DOCUMENTED_SURFACES);

  const statuses = new Map<number, number>();
  let sent = 0;
  const started = Date.now();
  const property = fc.asyncProperty(
    fc.oneof(...operations.map((op) => ({ arbitrary: requestFor(op, world), weight: operationWeight(op) }))),
    async (req) => {
      const token = await tokenFor(req.op.surface, req.token.mode, req.token.text);
      const headers: Record<string, string> = token === null ? {} : headerFor(req.op.surface, token);
      if (req.body?.type) headers["content-type"] = req.body.type;
      const url = `${req.op.basePath}${req.target}`;
      const res = await request.fetch(url, { method: req.op.method, headers, data: req.body?.data, maxRedirects: 0, timeout: 20_000 });
      sent++;
      statuses.set(res.status(), (statuses.get(res.status()) ?? 0) + 1);
      const text = (await res.body()).toString("utf8");
      const sentPath = new URL(res.url()).pathname;
      const problem = problemWith(req, {
        status: res.status(),
        type: res.headers()["content-type"] ?? "",
        text,
        sentPath,
        location: res.headers().location,
      });
      if (problem)
        throw new Error(
          `${problem}\n  ${describeRequest(req)}\n  token sent: ${JSON.stringify(token)}\n  answer ${res.status()}: ${text.slice(0, 300)}`,
        );
    },
  );
  try {
    await fc.assert(property, { seed: SEED, numRuns: RUNS, plugins: TIME_LIMIT_MS ? [fc.interruptAfterTimeLimit(TIME_LIMIT_MS)] : [] });
  } finally {
    const mix = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(", ");
    console.log(
      `fuzz: ${sent} requests over ${operations.length} operations (${DOCUMENTED_SURFACES.join(", ")}), ` +
        `seed ${SEED}, ${Date.now() - started} ms; statuses ${mix}`,
    );
  }
  // A run cut short by the time limit (a slow machine) still has to have done some work.
  expect(sent).toBeGreaterThanOrEqual(Math.min(RUNS, 50));
});
