import { and, eq } from "drizzle-orm";
import { forms, submissions } from "../../../db/schema";
import { FILTER_TYPES } from "../../../lib/filters/filters";
import { MESSAGES } from "../../../lib/errors";
import { expect, test } from "../../fixtures";
import { colorsElement, scoreElement, sizeElement, tagElement, visitElement } from "../../fixtures/elements";
import { idsByTag, januaryAt } from "../filter-forms";
import { namedToken, onlyRow } from "../audit/audit-helpers";
import { callTool, connectMcp, errorText, postRaw } from "./mcp-client";

/**
 * `/mcp` (server/mcp/): the SDK's own client over real HTTP. Tools call the v2 procedures with
 * the bearer token, so scopes, form limits, rate limits and sentences are the API's.
 */

const TOOLS = [
  "list_forms",
  "get_form",
  "query_submissions",
  "get_submission",
  "form_summary",
  "delete_submission",
  "create_prefill",
  "create_unique_links",
  "create_form",
  "update_form_draft",
  "publish_form",
];

const filterForm = {
  name: "Filters",
  elements: [
    tagElement,
    { id: "q_cust", label: "Customer name", type: "short-text" },
    scoreElement,
    visitElement,
    colorsElement,
    sizeElement,
  ],
  submissions: [
    {
      createdAt: januaryAt(1),
      data: { q_tag: "a", q_cust: "Alice Smith", q_score: 9, q_visit: "2024-01-15", q_colors: ["red"], q_size: "s" },
    },
    {
      createdAt: januaryAt(2),
      data: { q_tag: "b", q_cust: "Bob Stone", q_score: 10, q_visit: "2024-02-01", q_colors: ["blue"], q_size: "m" },
    },
    {
      createdAt: januaryAt(3),
      data: { q_tag: "c", q_cust: "carol", q_score: 100, q_visit: "2023-12-31", q_colors: ["green"], q_size: "l" },
    },
    { createdAt: januaryAt(4), data: { q_tag: "d", q_cust: "", q_score: "2", q_visit: "2024-01-15", q_colors: [] } },
    { createdAt: januaryAt(5), data: { q_tag: "e", q_score: -5, q_visit: "2024-03-10" } },
  ],
};

/** One case per filter type: [field, op, MCP value, the same value as REST's query text]. */
const FILTER_CASES: [string, string, unknown, string][] = [
  ["Customer name", "is_equal_to", "Bob Stone", "Bob Stone"],
  ["Customer name", "is_not_equal_to", "Bob Stone", "Bob Stone"],
  ["Customer name", "contains", "o", "o"],
  ["Customer name", "does_not_contain", "s", "s"],
  ["Score", "is_greater_than", 9, "9"],
  ["Score", "is_greater_than_or_equal_to", 9, "9"],
  ["Score", "is_less_than", 10, "10"],
  ["Score", "is_less_than_or_equal_to", 10, "10"],
  ["Visit date", "before", "2024-01-15", "2024-01-15"],
  ["Visit date", "after", "2024-01-15", "2024-01-15"],
  ["q_visit", "on", "2024-01-15", "2024-01-15"],
  ["Visit date", "not_on", "2024-01-15", "2024-01-15"],
  ["Customer name", "is_empty", true, "true"],
  ["Colors", "is_filled", true, "true"],
  ["T-shirt size", "is_in", ["s", "Large"], "s,Large"],
  ["T-shirt size", "is_not_in", "s, l", "s, l"],
  ["Score", "in_range", [2, 10], "2,10"],
];

test.describe("/mcp", () => {
  test("tools/list names every tool with input and output schemas and read/destructive hints", async ({ seed, clientAddress }) => {
    const org = await seed.org();
    const client = await connectMcp(await seed.token(org.organizationId, { scopes: ["form.view"] }), clientAddress);
    const { tools } = await client.listTools();
    await client.close();
    expect(tools.map((t) => t.name)).toEqual(TOOLS);
    for (const t of tools) {
      expect(t.inputSchema.type, t.name).toBe("object");
      expect(t.outputSchema?.type, t.name).toBe("object");
      expect(t.description?.length, t.name).toBeGreaterThan(20);
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t.annotations]));
    for (const name of ["list_forms", "get_form", "query_submissions", "get_submission", "form_summary"]) {
      expect(byName[name], name).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    }
    expect(byName.delete_submission).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    for (const name of ["create_prefill", "create_unique_links", "create_form", "update_form_draft", "publish_form"]) {
      expect(byName[name], name).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    }
  });

  test("without a live v2 token it is 401 with WWW-Authenticate; nothing is answered", async ({ seed, clientAddress }) => {
    const org = await seed.org();
    const init = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    const v1 = await seed.v1Token(org.organizationId, (await seed.form(org.organizationId)).id);
    const revoked = await namedToken(seed.db, org.organizationId, "Gone", ["form.view"]);
    await seed.db.execute(`update api_tokens set revoked_at = now() where id = ${revoked.id}`);
    for (const token of [null, "nonsense", "fh_v2_" + "x".repeat(40), v1, revoked.token]) {
      const r = await postRaw(token, clientAddress, init);
      expect(r.status, String(token)).toBe(401);
      expect(r.headers.get("www-authenticate"), String(token)).toMatch(/^Bearer /);
      expect(r.json.error.code).toBe(-32001);
    }
  });

  test("a token revoked while the call is on its way is 401 for a write too, and nothing is deleted", async ({ seed, clientAddress }) => {
    // The endpoint asks whether the bearer is live while it serves the message; the tool's
    // procedure checks the token again before it touches anything.
    const org = await seed.org();
    const form = await seed.form(org.organizationId, filterForm);
    const ids = await idsByTag(seed, form.id);
    const gone = await namedToken(seed.db, org.organizationId, "Gone", ["submission.delete"]);
    await seed.db.execute(`update api_tokens set revoked_at = now() where id = ${gone.id}`);
    const call = JSON.stringify({
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: { name: "delete_submission", arguments: { id: ids.a } },
    });
    const r = await postRaw(gone.token, clientAddress, call, { "mcp-protocol-version": "2025-06-18" });
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ jsonrpc: "2.0", error: { code: -32001, message: expect.stringMatching(/^Sign in with OAuth/) }, id: null });
    expect(await seed.db.select().from(submissions).where(eq(submissions.id, ids.a!))).toHaveLength(1);
  });

  test("read tools with full scope; a token missing the scope gets the API's sentence as a tool error", async ({ seed, clientAddress }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, filterForm);
    const full = await seed.token(org.organizationId);
    const listed = await callTool(full, clientAddress, "list_forms", {});
    expect(listed.isError).toBeFalsy();
    expect(listed.structuredContent).toMatchObject({ forms: [{ id: form.id, uuid: form.uuid, name: "Filters" }], nextPage: null });

    const got = await callTool(full, clientAddress, "get_form", { form: form.uuid });
    expect(got.structuredContent).toMatchObject({ id: form.id, name: "Filters", submissionsCount: 5 });
    expect((got.structuredContent as any).elements.map((e: any) => e.id)).toEqual(filterForm.elements.map((e) => e.id));

    const summary = await callTool(full, clientAddress, "form_summary", { form: String(form.id) });
    const choices = (summary.structuredContent as any).choices;
    expect(choices.find((c: any) => c.elementId === "q_size").options.map((o: any) => [o.value, o.count])).toEqual([
      ["s", 1],
      ["m", 1],
      ["l", 1],
    ]);
    expect((summary.structuredContent as any).perDay).toHaveLength(30);

    const sub = (await idsByTag(seed, form.id)).b!;
    const one = await callTool(full, clientAddress, "get_submission", { id: sub });
    expect(one.structuredContent).toMatchObject({ submission: { id: sub, formId: form.uuid, data: { q_tag: "b" } } });

    const narrow = await seed.token(org.organizationId, { scopes: ["prefill.read"] });
    for (const [tool, args, scope] of [
      ["list_forms", {}, "form.view"],
      ["get_form", { form: form.uuid }, "form.view"],
      ["query_submissions", { form: form.uuid }, "submission.view"],
      ["get_submission", { id: sub }, "submission.view"],
      ["form_summary", { form: form.uuid }, "submission.view"],
    ] as const) {
      const r = await callTool(narrow, clientAddress, tool, args);
      expect(r.isError, tool).toBe(true);
      expect(errorText(r), tool).toBe(MESSAGES.v2Scope(scope));
    }
  });

  test("a token limited to one form: other forms are invisible to every tool", async ({ seed, clientAddress }) => {
    const org = await seed.org();
    const mine = await seed.form(org.organizationId, filterForm);
    const other = await seed.form(org.organizationId, { ...filterForm, name: "Other" });
    const token = await seed.token(org.organizationId, { formIds: [mine.id] });
    const listed = await callTool(token, clientAddress, "list_forms", {});
    expect((listed.structuredContent as any).forms.map((f: any) => f.id)).toEqual([mine.id]);
    expect((listed.structuredContent as any).meta.totalCount).toBe(1);
    const otherSub = (await idsByTag(seed, other.id)).a!;
    for (const [tool, args, message] of [
      ["get_form", { form: other.uuid }, MESSAGES.formNotFound],
      ["query_submissions", { form: String(other.id) }, MESSAGES.formNotFound],
      ["form_summary", { form: other.uuid }, MESSAGES.formNotFound],
      ["get_submission", { id: otherSub }, MESSAGES.submissionNotFound],
      ["delete_submission", { id: otherSub }, MESSAGES.submissionNotFound],
      ["create_prefill", { form: other.uuid, name: "x", prefill_data: [] }, MESSAGES.formNotFound],
    ] as const) {
      const r = await callTool(token, clientAddress, tool, args);
      expect(errorText(r), tool).toBe(message);
    }
    const [row] = await seed.db.select().from(submissions).where(eq(submissions.id, otherSub));
    expect(row).toBeDefined();
  });

  test("query_submissions answers the same ids as GET /api/v2/submissions for every filter type", async ({ seed, api, clientAddress }) => {
    test.setTimeout(180_000);
    const org = await seed.org();
    const form = await seed.form(org.organizationId, filterForm);
    expect(new Set(FILTER_CASES.map((c) => c[1]))).toEqual(new Set(FILTER_TYPES));
    for (const [field, op, value, text] of FILTER_CASES) {
      const token = await seed.token(org.organizationId, { scopes: ["submission.view"] });
      const rest = await api.get(
        `/api/v2/submissions?form_id=${form.id}&${encodeURIComponent(field)}__${op}=${encodeURIComponent(text)}`,
        token,
      );
      expect(rest.status, `${field} ${op}`).toBe(200);
      const r = await callTool(token, clientAddress, "query_submissions", { form: form.uuid, filters: [{ field, op, value }] });
      const got = r.structuredContent as any;
      expect(
        got.submissions.map((s: any) => s.id),
        `${field} ${op}`,
      ).toEqual(rest.body.submissions.map((s: any) => s.id));
      expect(got.meta, `${field} ${op}`).toEqual(rest.body.meta);
    }
  });

  test("query_submissions refuses bad filters with the API's sentences; sort and pages as the API", async ({
    seed,
    api,
    clientAddress,
  }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, {
      ...filterForm,
      submissions: Array.from({ length: 21 }, (_, i) => ({ createdAt: januaryAt(i + 1), data: { q_tag: `t${i}`, q_score: i } })),
    });
    const token = await seed.token(org.organizationId, { scopes: ["submission.view"] });
    for (const [filters, query] of [
      [[{ field: "Nope", op: "is_equal_to", value: "x" }], "Nope__is_equal_to=x"],
      [[{ field: "Score", op: "is_bigger", value: 1 }], "Score__is_bigger=1"],
      [[{ field: "Score", op: "is_greater_than", value: "abc" }], "Score__is_greater_than=abc"],
      [[{ field: "Score", op: "in_range", value: [10, 2] }], "Score__in_range=10,2"],
    ] as const) {
      const rest = await api.get(`/api/v2/submissions?form_id=${form.id}&${query}`, token);
      expect(rest.status, query).toBe(400);
      const r = await callTool(token, clientAddress, "query_submissions", { form: form.uuid, filters });
      expect(errorText(r), query).toBe(rest.body.message);
    }
    const page1 = await callTool(token, clientAddress, "query_submissions", { form: form.uuid, sort: "created_at", order: "asc" });
    expect((page1.structuredContent as any).submissions).toHaveLength(20);
    expect((page1.structuredContent as any).nextPage).toBe(2);
    const page2 = await callTool(token, clientAddress, "query_submissions", { form: form.uuid, sort: "created_at", order: "asc", page: 2 });
    expect((page2.structuredContent as any).submissions.map((s: any) => s.data.q_tag)).toEqual(["t20"]);
    expect((page2.structuredContent as any).nextPage).toBeNull();
  });

  test("tool calls count against the token's rate limit like REST requests", async ({ seed, api, clientAddress }) => {
    const org = await seed.org();
    const token = await seed.token(org.organizationId, { scopes: ["form.view"] });
    for (let i = 0; i < 9; i++) expect((await callTool(token, clientAddress, "list_forms", {})).isError, `call ${i}`).toBeFalsy();
    expect((await api.get("/api/v2/forms", token)).status).toBe(200);
    const r = await callTool(token, clientAddress, "list_forms", {});
    expect(errorText(r)).toBe(MESSAGES.rateLimited);
    expect(JSON.parse((r.content[1] as { text: string }).text).retryAfterSeconds).toBeGreaterThan(0);
  });

  test("delete_submission deletes with submission.delete and is audited with the token's name; without it nothing happens", async ({
    seed,
    clientAddress,
  }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, filterForm);
    const ids = await idsByTag(seed, form.id);
    const reader = await seed.token(org.organizationId, { scopes: ["submission.view"] });
    const refused = await callTool(reader, clientAddress, "delete_submission", { id: ids.a! });
    expect(errorText(refused)).toBe(MESSAGES.v2Scope("submission.delete"));
    expect(await seed.db.select().from(submissions).where(eq(submissions.id, ids.a!))).toHaveLength(1);

    const deleter = await namedToken(seed.db, org.organizationId, "Claude at work", ["submission.delete"]);
    const done = await callTool(deleter.token, clientAddress, "delete_submission", { id: ids.a! });
    expect(done.structuredContent).toEqual({ message: MESSAGES.submissionDeleted });
    expect(await seed.db.select().from(submissions).where(eq(submissions.id, ids.a!))).toHaveLength(0);
    const row = await onlyRow(seed.db, org.organizationId, "submission.deleted");
    expect(row).toMatchObject({ actorType: "api_token", actorId: String(deleter.id), actorLabel: "Claude at work" });
  });

  test("create_prefill and create_unique_links create with their scopes; without them nothing is created", async ({
    seed,
    clientAddress,
  }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, filterForm, { publish: true });
    const none = await seed.token(org.organizationId, { scopes: ["form.view"] });
    expect(errorText(await callTool(none, clientAddress, "create_prefill", { form: form.uuid, name: "p", prefill_data: [] }))).toBe(
      MESSAGES.v2Scope("prefill.write"),
    );
    expect(errorText(await callTool(none, clientAddress, "create_unique_links", { form: form.uuid, unique_links: [{}] }))).toBe(
      MESSAGES.v2Scope("unique_link.write"),
    );
    const writer = await seed.token(org.organizationId, { scopes: ["prefill.write", "unique_link.write"] });
    const prefill = await callTool(writer, clientAddress, "create_prefill", {
      form: form.uuid,
      name: "VIP",
      prefill_data: [{ id: "q_cust", value: "Ann" }],
    });
    expect(prefill.structuredContent).toMatchObject({ name: "VIP", url: expect.stringContaining(`/f/${form.uuid}?_prefill=`) });
    const bad = await callTool(writer, clientAddress, "create_prefill", {
      form: form.uuid,
      name: "x",
      prefill_data: [{ id: "q_nope", value: 1 }],
    });
    expect(bad.isError).toBe(true);
    const links = await callTool(writer, clientAddress, "create_unique_links", {
      form: form.uuid,
      unique_links: [{ entry_name: "ann@example.test" }, { entry_name: "bob@example.test" }],
    });
    expect((links.structuredContent as any).uniqueLinks.map((l: any) => l.entryName)).toEqual(["ann@example.test", "bob@example.test"]);
  });

  test("create_form, update_form_draft and publish_form need form.write; publish lists problems per field", async ({
    seed,
    clientAddress,
  }) => {
    const org = await seed.org();
    const definition = { name: "From the assistant", elements: [{ id: "q1", label: "Your name", type: "short-text" }] };
    const viewer = await seed.token(org.organizationId, { scopes: ["form.view"] });
    expect(errorText(await callTool(viewer, clientAddress, "create_form", { definition }))).toBe(MESSAGES.v2Scope("form.write"));
    expect(await seed.db.select().from(forms).where(eq(forms.organizationId, org.organizationId))).toHaveLength(0);

    const writer = await namedToken(seed.db, org.organizationId, "Assistant", ["form.write", "form.view"]);
    const bad = await callTool(writer.token, clientAddress, "create_form", { definition: { name: "x", elements: [{ id: "q1" }] } });
    expect(bad.isError).toBe(true);
    expect(errorText(bad)).toMatch(/^elements\[0\]/);

    const created = await callTool(writer.token, clientAddress, "create_form", { definition });
    const draft = created.structuredContent as any;
    expect(draft).toMatchObject({ name: "From the assistant", published: false, elements: definition.elements });
    expect((await onlyRow(seed.db, org.organizationId, "form.created")).actorLabel).toBe("Assistant");

    const radio = { id: "q2", label: "Colour", type: "radio", options: [] };
    const updated = await callTool(writer.token, clientAddress, "update_form_draft", {
      form: draft.uuid,
      elements: [...definition.elements, radio],
      revision: draft.revision,
    });
    expect((updated.structuredContent as any).hasDraft).toBe(true);
    const stale = await callTool(writer.token, clientAddress, "update_form_draft", {
      form: draft.uuid,
      elements: [],
      revision: draft.revision,
    });
    expect(errorText(stale)).toMatch(/changed in another tab or by someone else/);

    const problems = await callTool(writer.token, clientAddress, "publish_form", { form: draft.uuid });
    expect(problems.structuredContent).toMatchObject({ published: false, problems: [{ path: ["elements", 1, "options"] }] });
    const [still] = await seed.db
      .select()
      .from(forms)
      .where(and(eq(forms.uuid, draft.uuid)));
    expect(still!.published).toBe(false);

    await callTool(writer.token, clientAddress, "update_form_draft", {
      form: draft.uuid,
      elements: [...definition.elements, { ...radio, options: [{ id: "o1", label: "Red", value: "red" }] }],
    });
    const published = await callTool(writer.token, clientAddress, "publish_form", { form: draft.uuid });
    expect(published.structuredContent).toMatchObject({ published: true, problems: [], form: { hasDraft: false, published: true } });
    expect((await onlyRow(seed.db, org.organizationId, "form.published")).actorLabel).toBe("Assistant");

    const limited = await seed.token(org.organizationId, { scopes: ["form.write"], formIds: [still!.id] });
    expect(errorText(await callTool(limited, clientAddress, "create_form", { definition }))).toBe(
      "A token limited to some forms cannot create forms",
    );
  });

  test("malformed JSON-RPC, unknown tools, bad arguments and huge bodies get protocol or tool errors, never a 500", async ({
    seed,
    clientAddress,
  }) => {
    const org = await seed.org();
    const token = await seed.token(org.organizationId);
    const parse = await postRaw(token, clientAddress, "{not json");
    expect([parse.status, parse.json.error.code]).toEqual([400, -32700]);
    const notRpc = await postRaw(token, clientAddress, JSON.stringify({ hello: "world" }));
    expect(notRpc.status).toBe(400);
    expect(notRpc.json.error.code).toBeLessThan(-32000);
    const huge = await postRaw(
      token,
      clientAddress,
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { x: "y".repeat(2_000_000) } }),
    );
    expect(huge.status).toBe(413);
    const get = await fetch(new URL("/mcp", process.env.BASE_URL), { headers: { authorization: `Bearer ${token}` } });
    expect(get.status).toBe(405);

    const client = await connectMcp(token, clientAddress);
    await expect(client.callTool({ name: "drop_tables", arguments: {} })).rejects.toThrow(/Unknown tool: drop_tables/);
    const wrong = (await client.callTool({ name: "get_form", arguments: { form: 42 } })) as any;
    expect(wrong.isError).toBe(true);
    const deep = (await client.callTool({
      name: "query_submissions",
      arguments: { form: "x", filters: [{ field: "a\u0000", op: "is_equal_to", value: "b" }] },
    })) as any;
    expect(deep.isError).toBe(true);
    await client.close();
  });
});
