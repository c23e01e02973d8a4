import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { drizzle } from "drizzle-orm/postgres-js";
import { CASING, type Db } from "@/db";
import * as schema from "@/db/schema";
import { forms, organizations, submissions, uniqueLinks, webhooks } from "@/db/schema";
import { accessForOrganization } from "@/server/services/forms/access";
import { createSubmission } from "@/server/services/submissions/create-submission";
import { querySubmissions } from "@/server/services/submissions/query/entry";
import { DEFAULT_SORT } from "@/server/services/submissions/sort";
import { findSurveyForm } from "@/server/services/survey/survey-target";
import { claimDue } from "@/server/webhooks/delivery/outbox";
import { choiceElement, nameElement } from "@/e2e/fixtures/elements";

/**
 * No statement of a hot path is JIT compiled, whatever the session's setting: every plan the
 * paths run (nested ones too: the filter index's triggers, PL/pgSQL) is read back through
 * auto_explain, in a session with `jit = on` at the server's default jit_above_cost, and must
 * be priced under that threshold. The app's own sessions run with `jit = off` (db/index.ts);
 * this is what keeps a session that does not (a user's psql, a pooler that drops the
 * setting) as fast. On a server without LLVM (the embedded one) the costs are checked alike.
 */
const url = process.env.DATABASE_URL;
const skip = url ? false : "needs DATABASE_URL (run with npm test)";

type Plan = { "Total Cost": number; Plans?: Plan[] };
type Explained = { "Query Text": string; Plan: Plan; JIT?: unknown };

let client: postgres.Sql;
let db: Db;
let organizationId: number;
const plans: Explained[] = [];
let explainable = true;

before(async () => {
  if (!url) return;
  // One connection, so that LOAD and the settings hold for every statement of the test.
  client = postgres(url, {
    max: 1,
    connection: { jit: "on" },
    onnotice: (notice) => {
      const text = notice.message ?? "";
      const json = text.slice(text.indexOf("{"));
      if (text.includes("plan:") && json.startsWith("{")) plans.push(JSON.parse(json) as Explained);
    },
  });
  db = drizzle(client, { schema, casing: CASING }) as Db;
  try {
    await client.unsafe(`load 'auto_explain'`);
  } catch {
    explainable = false; // not a superuser (a server of the user's own): nothing to read plans with
    return;
  }
  await client.unsafe(`set auto_explain.log_min_duration = 0; set auto_explain.log_nested_statements = on;
    set auto_explain.log_format = json; set auto_explain.log_level = notice; set client_min_messages = notice`);
  const [org] = await db.insert(organizations).values({ name: "jit test" }).returning();
  organizationId = org!.id;
});

after(async () => {
  if (!url) return;
  await client.unsafe(`set auto_explain.log_min_duration = -1`).catch(() => {});
  if (organizationId) await db.delete(organizations).where(eq(organizations.id, organizationId));
  await client.end();
});

const ELEMENTS: schema.FormElement[] = [
  nameElement("name", "Name", { first: ["First", true], last: ["Last", true] }),
  { id: "email", label: "Email", type: "email" },
  { id: "n", label: "Count", type: "number" },
  { id: "d", label: "When", type: "date" },
  choiceElement("topics", "Topics", "multiple-checkbox", { o1: ["A", "a"], o2: ["B", "b"] }),
  { id: "rows", label: "People", type: "repeat-field", components: [{ id: "who", label: "Who", type: "short-text" }] },
];
const answers = (i: number) => ({
  name: { first: `Ada ${i}`, last: "Lovelace" },
  email: `ada${i}@example.com`,
  n: i,
  d: `2026-0${(i % 9) + 1}-1${i % 10}`,
  topics: i % 2 ? ["a"] : ["a", "b"],
  rows: [{ who: "Grace" }, { who: `Alan ${i}` }],
});

const TITLE = "a submit, a listing, a filter, a count and the outbox claim are priced under jit_above_cost and never JIT compiled";
test(TITLE, { skip }, async (t) => {
  if (!explainable) return t.skip("auto_explain cannot be loaded by this role");
  const [threshold] = await client<{ jit_above_cost: string }[]>`show jit_above_cost`;
  const limit = Number(threshold!.jit_above_cost);
  const [form] = await db.insert(forms).values({ organizationId, name: "jit", elements: ELEMENTS, published: true }).returning();
  const hook = { url: "https://example.com/h", events: ["Submission.Created"], secret: "whsec_x" };
  await db.insert(webhooks).values({ organizationId, formId: form!.id, source: "form", ...hook });
  // Some history, as one bulk insert (an import): the triggers index 500 rows at once.
  await db.insert(submissions).values(Array.from({ length: 500 }, (_, i) => ({ formId: form!.id, organizationId, data: answers(i) })));
  await client`analyze`;
  const live = (await findSurveyForm(db, form!.uuid))!;
  const [link] = await db.insert(uniqueLinks).values({ formId: form!.id, organizationId, entryName: "jit" }).returning();
  plans.length = 0;

  const attempts = { key: `jit:${form!.id}`, limit: 20, windowS: 60 };
  for (const uniqueLinkId of [null, link!.id]) {
    const submission = { formId: form!.id, organizationId, data: answers(7), duration: 9, spam: false, uniqueLinkId };
    const outcome = await createSubmission(db, live, submission, { formVersion: live.version, attempts });
    assert.equal(outcome.kind, "stored");
  }
  const access = accessForOrganization(organizationId);
  const sort = DEFAULT_SORT;
  const target = { formId: form!.id };
  await querySubmissions(db, access, { form: target, page: 1, sort });
  const twoFilters: [string, string][] = [
    ["Count__is_greater_than", "10"],
    ["Email__contains", "ada1"],
  ];
  await querySubmissions(db, access, { form: target, page: 2, sort, filters: { v2: twoFilters } });
  await querySubmissions(db, access, { form: target, page: 1, sort, filters: { v2: [["When__before", "2026-05-01"]] } });
  const claimed = await claimDue(db, 4242, { max: 10, perEndpoint: 5, busy: new Map() });
  assert.ok(claimed.length >= 2, "the submits' deliveries were claimed");

  assert.ok(plans.length >= 10, `plans were read back (${plans.length})`);
  const trigger = plans.find((p) => p["Query Text"].includes("submission_value_counts"));
  assert.ok(trigger, "the filter index's trigger statements are among them");
  for (const p of plans) {
    const what = p["Query Text"].replace(/\s+/g, " ").slice(0, 160);
    assert.equal(p.JIT, undefined, `JIT compiled: ${what}`);
    assert.ok(p.Plan["Total Cost"] < limit, `priced ${p.Plan["Total Cost"]} (over jit_above_cost ${limit}): ${what}`);
  }
});
