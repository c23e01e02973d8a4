import { and, eq } from "drizzle-orm";
import { forms, prefills, submissions } from "../../../db/schema";
import { expect, test as base, type SeededOrg } from "../../fixtures";
import { connectNewUser, connectorGet } from "../../oauth";
import { CONTACT_ELEMENTS } from "../form-fixtures";
import { permissionRefusal, PROCEDURE_PERMISSIONS, ROLES, type Permission } from "../../../lib/permissions";
import { seedTeam, teamSession } from "../team";
import { trpc, trpcSession, type TrpcSession } from "../trpc-client";

/** The dashboard's form procedures over HTTP, as the signed-in browser calls them. */

const NOT_FOUND = "Form not found or not authorized";

/** `sessionOf(user)` signs a seeded user in from the test's client address; `signedIn` is the test's own organization, signed in. */
const test = base.extend<{ sessionOf: (user: SeededOrg) => Promise<TrpcSession>; signedIn: { org: SeededOrg; as: TrpcSession } }>({
  sessionOf: async ({ request, baseURL, clientAddress }, use) => use((user) => trpcSession(request, baseURL!, user, clientAddress)),
  signedIn: async ({ seed, sessionOf }, use) => {
    const org = await seed.org();
    await use({ org, as: await sessionOf(org) });
  },
});

const formRow = async (seed: { db: any }, id: number) => (await seed.db.select().from(forms).where(eq(forms.id, id)))[0];

test("another organization cannot read, rename, duplicate, trash or restore a form: each is a 404 and nothing changes", async ({
  seed,
  sessionOf,
}) => {
  const owner = await seed.org();
  const live = await seed.form(owner.organizationId, { name: "Owner's live form" }, { publish: true });
  const trashed = await seed.form(owner.organizationId, { name: "Owner's trashed form" });
  const trashedAt = new Date("2026-01-02T03:04:05Z");
  await seed.db.update(forms).set({ trashedAt }).where(eq(forms.id, trashed.id));
  const before = await formRow(seed, live.id);

  const intruder = await seed.org();
  const as = await sessionOf(intruder);
  const attempts = [
    () => as.query("forms.overview", { formUuid: live.uuid }),
    () => as.query("forms.overview", { formUuid: trashed.uuid }),
    () => as.query("forms.overview", { formUuid: String(live.id) }),
    () => as.mutation("forms.rename", { formUuid: live.uuid, name: "Hijacked" }),
    () => as.mutation("forms.duplicate", { formUuid: live.uuid }),
    () => as.mutation("forms.trash", { formUuid: live.uuid }),
    () => as.mutation("forms.restore", { formUuid: trashed.uuid }),
  ];
  for (const attempt of attempts) {
    const r = await attempt();
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe(NOT_FOUND);
    expect(r.body.error.data.code).toBe("NOT_FOUND");
  }
  // Lists show none of the owner's forms.
  expect((await as.query("forms.list", { page: 1 })).body.result.data.total).toBe(0);
  expect((await as.query("forms.listTrashed", { page: 1 })).body.result.data.total).toBe(0);

  expect(await formRow(seed, live.id)).toEqual(before);
  expect((await formRow(seed, trashed.id)).trashedAt).toEqual(trashedAt);
  expect(await seed.db.select().from(forms).where(eq(forms.organizationId, intruder.organizationId))).toEqual([]);
  expect((await seed.db.select().from(forms).where(eq(forms.organizationId, owner.organizationId))).length).toBe(2);

  // The owner reaches both.
  const owns = await sessionOf(owner);
  expect((await owns.query("forms.overview", { formUuid: live.uuid })).body.result.data.name).toBe("Owner's live form");
  expect((await owns.query("forms.overview", { formUuid: trashed.uuid })).body.result.data.trashedAt).toBe(trashedAt.toISOString());
});

test("create and rename check the name with its path; unknown and malformed forms are 404, never 500", async ({
  signedIn: { org, as },
  seed,
}) => {
  for (const [name, message] of [
    ["   ", "name is required"],
    ["x".repeat(201), "name must be at most 200 characters"],
    [42, "name is required"],
  ] as const) {
    const r = await as.mutation("forms.create", { name });
    expect(r.status).toBe(400);
    expect(r.body.error.data.code).toBe("BAD_REQUEST");
    expect(r.body.error.data.zodIssues.map((i: { path: unknown; message: string }) => [i.path, i.message])).toEqual([[["name"], message]]);
  }
  expect(await seed.db.select().from(forms).where(eq(forms.organizationId, org.organizationId))).toEqual([]);

  const created = await as.mutation("forms.create", { name: "  Event sign-up  " });
  expect(created.status).toBe(200);
  const { uuid, id } = created.body.result.data;
  const row = await formRow(seed, id);
  expect(row).toMatchObject({
    id,
    organizationId: org.organizationId,
    name: "Event sign-up",
    elements: [],
    published: false,
    trashedAt: null,
  });

  const blank = await as.mutation("forms.rename", { formUuid: uuid, name: "" });
  expect(blank.status).toBe(400);
  expect(blank.body.error.data.zodIssues[0].path).toEqual(["name"]);
  const renamed = await as.mutation("forms.rename", { formUuid: uuid, name: " Event RSVP " });
  expect(renamed.status).toBe(200);
  expect(renamed.body.result.data.name).toBe("Event RSVP");
  const after = await formRow(seed, id);
  expect(after.name).toBe("Event RSVP");
  expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(row.updatedAt.getTime());

  for (const ref of ["00000000-0000-4000-8000-000000000000", "nope", "99999999", "'; drop table forms; --", "9".repeat(40)]) {
    for (const [kind, path, input] of [
      ["query", "forms.overview", { formUuid: ref }],
      ["mutation", "forms.rename", { formUuid: ref, name: "X" }],
      ["mutation", "forms.duplicate", { formUuid: ref }],
      ["mutation", "forms.trash", { formUuid: ref }],
      ["mutation", "forms.restore", { formUuid: ref }],
    ] as const) {
      const r = await (kind === "query" ? as.query(path, input) : as.mutation(path, input));
      expect(r.status, `${path} ${ref}`).toBe(404);
      expect(r.body.error.message).toBe(NOT_FOUND);
    }
  }
  // Restore of a live form and trash of a trashed one: not in the place asked for.
  expect((await as.mutation("forms.restore", { formUuid: uuid })).status).toBe(404);
  expect((await as.mutation("forms.trash", { formUuid: uuid })).status).toBe(200);
  expect((await as.mutation("forms.trash", { formUuid: uuid })).status).toBe(404);
  expect((await as.mutation("forms.rename", { formUuid: uuid, name: "Renamed in the trash" })).status).toBe(404);
  expect((await as.mutation("forms.duplicate", { formUuid: uuid })).status).toBe(404);
});

test("duplicate copies the name and elements into a new draft, and nothing else", async ({ signedIn: { org, as }, seed }) => {
  const source = await seed.form(
    org.organizationId,
    { name: "Contact us", elements: CONTACT_ELEMENTS, submissions: [{ data: {} }, { data: {} }] },
    { publish: true },
  );
  await seed.db
    .insert(prefills)
    .values({ id: crypto.randomUUID(), formId: source.id, organizationId: org.organizationId, name: "Ada", data: [], resolved: {} });

  const r = await as.mutation("forms.duplicate", { formUuid: source.uuid });
  expect(r.status).toBe(200);
  const copy = r.body.result.data;
  expect(copy.name).toBe("Copy of Contact us");
  expect(copy.uuid).not.toBe(source.uuid);
  const row = await formRow(seed, copy.id);
  expect(row).toMatchObject({
    uuid: copy.uuid,
    organizationId: org.organizationId,
    name: "Copy of Contact us",
    published: false,
    trashedAt: null,
    submissionsCount: 0,
  });
  expect(row.elements).toEqual(CONTACT_ELEMENTS);
  expect(await seed.db.select().from(submissions).where(eq(submissions.formId, copy.id))).toEqual([]);
  expect(await seed.db.select().from(prefills).where(eq(prefills.formId, copy.id))).toEqual([]);
  expect((await seed.db.select().from(submissions).where(eq(submissions.formId, source.id))).length).toBe(2);

  // A copy of a copy of a long name stays within the name rule.
  const long = await seed.form(org.organizationId, { name: "é".repeat(200) });
  const longCopy = (await as.mutation("forms.duplicate", { formUuid: long.uuid })).body.result.data;
  expect(longCopy.name).toBe(`Copy of ${"é".repeat(192)}`);
});

test("a form trashed through the dashboard is not found by API v2, v1, the connector and its survey page; restore brings it back", async ({
  request,
  seed,
  baseURL,
  api,
}) => {
  // The connection signs `request` in as the owner: the dashboard procedures use that session.
  const { org, tokens } = await connectNewUser(request, seed, baseURL!);
  const form = await seed.form(org.organizationId, { name: "Going away", elements: CONTACT_ELEMENTS }, { publish: true });
  const v2 = await seed.token(org.organizationId);
  const v1 = await seed.v1Token(org.organizationId, form.id);

  const visible = async () => ({
    v2Get: (await api.get(`/api/v2/forms/${form.uuid}`, v2)).status,
    v2List: (await api.get("/api/v2/forms", v2)).body.forms.map((f: { uuid: string }) => f.uuid),
    v1List: (await api.get("/api/v1/forms", v1)).body.results?.length,
    connector: (await connectorGet(request, "/forms", tokens.access_token)).body.map((f: { uuid: string }) => f.uuid),
    survey: (await api.get(`/f/${form.uuid}`)).status,
  });
  expect(await visible()).toEqual({ v2Get: 200, v2List: [form.uuid], v1List: 1, connector: [form.uuid], survey: 200 });

  const trashed = await trpc(request, "mutation", "forms.trash", { formUuid: form.uuid });
  expect(trashed.status).toBe(200);
  expect(trashed.body.result.data).toEqual({ uuid: form.uuid, name: "Going away" });
  expect((await formRow(seed, form.id)).trashedAt).toBeInstanceOf(Date);
  expect(await visible()).toEqual({ v2Get: 404, v2List: [], v1List: 0, connector: [], survey: 404 });
  expect((await api.get(`/api/v2/forms/${form.uuid}`, v2)).body).toEqual({ message: NOT_FOUND });
  // The dashboard's trash lists it; its submissions and status are kept.
  const trash = await trpc(request, "query", "forms.listTrashed", { page: 1 });
  expect(trash.body.result.data.forms.map((f: { uuid: string; published: boolean }) => [f.uuid, f.published])).toEqual([[form.uuid, true]]);
  expect((await trpc(request, "query", "forms.list", { page: 1 })).body.result.data.total).toBe(0);

  const restored = await trpc(request, "mutation", "forms.restore", { formUuid: form.uuid });
  expect(restored.status).toBe(200);
  expect(await visible()).toEqual({ v2Get: 200, v2List: [form.uuid], v1List: 1, connector: [form.uuid], survey: 200 });
  expect(
    await seed.db
      .select({ id: forms.id })
      .from(forms)
      .where(and(eq(forms.id, form.id), eq(forms.published, true))),
  ).toEqual([{ id: form.id }]);
});

test("another organization cannot read or change a form through the builder's procedures: each is a 404 and nothing changes", async ({
  seed,
  sessionOf,
}) => {
  const owner = await seed.org();
  const form = await seed.form(
    owner.organizationId,
    { name: "Owner's form", elements: CONTACT_ELEMENTS, submissions: [{ data: {} }] },
    { publish: true },
  );
  const before = await formRow(seed, form.id);
  const elementId = (CONTACT_ELEMENTS[0] as { id: string }).id;

  const intruder = await seed.org();
  const as = await sessionOf(intruder);
  for (const ref of [form.uuid, String(form.id)]) {
    const attempts = [
      () => as.query("forms.getDraft", { form: ref }),
      () => as.query("forms.countElementAnswers", { form: ref, elementId }),
      () => as.mutation("forms.saveDraft", { form: ref, elements: [], revision: before.draftRevision }),
      () => as.mutation("forms.discardDraft", { form: ref, revision: before.draftRevision }),
      () => as.mutation("forms.publish", { form: ref, revision: before.draftRevision }),
      () => as.mutation("forms.unpublish", { form: ref }),
    ];
    for (const attempt of attempts) {
      const r = await attempt();
      expect(r.status).toBe(404);
      expect(r.body.error.message).toBe(NOT_FOUND);
      expect(r.body.error.data.code).toBe("NOT_FOUND");
    }
  }
  expect(await formRow(seed, form.id)).toEqual(before);

  // The owner reaches it.
  const owns = await sessionOf(owner);
  const draft = await owns.query("forms.getDraft", { form: form.uuid });
  expect(draft.status).toBe(200);
  expect(draft.body.result.data).toMatchObject({
    uuid: form.uuid,
    published: true,
    hasDraft: false,
    revision: before.draftRevision,
    elements: CONTACT_ELEMENTS,
  });
});

test(`a draft save refuses hostile, oversized and mistyped input with a 400 (never a 500) and stores nothing; \
a stale revision is a 409`, async ({ signedIn: { org, as }, seed }) => {
  const form = await seed.form(org.organizationId, { name: "Draft target", elements: CONTACT_ELEMENTS }, { publish: true });
  const before = await formRow(seed, form.id);
  const revision = before.draftRevision;
  const field = { id: "q1", label: "Question", type: "short-text" };
  const save = (input: unknown) => as.mutation("forms.saveDraft", input);
  let deep: unknown = 1;
  for (let i = 0; i < 70; i++) deep = [deep];

  const refused: [string, unknown][] = [
    ["NUL in a label", { form: form.uuid, revision, elements: [{ ...field, label: "a\u0000b" }] }],
    ["lone surrogate in a label", { form: form.uuid, revision, elements: [{ ...field, label: "a\ud800b" }] }],
    ["lone surrogate in an extra key", { form: form.uuid, revision, elements: [{ ...field, ["k\udc00"]: 1 }] }],
    ["NUL in an extra value", { form: form.uuid, revision, elements: [{ ...field, note: "\u0000" }] }],
    ["nesting past 64 levels", { form: form.uuid, revision, elements: [{ ...field, extra: deep }] }],
    ["301 elements", { form: form.uuid, revision, elements: Array.from({ length: 301 }, (_, i) => ({ ...field, id: `q${i}` })) }],
    ["an over-long label", { form: form.uuid, revision, elements: [{ ...field, label: "x".repeat(2_001) }] }],
    ["an over-long id", { form: form.uuid, revision, elements: [{ ...field, id: "x".repeat(201) }] }],
    [
      "a tree over a million characters",
      { form: form.uuid, revision, elements: Array.from({ length: 300 }, (_, i) => ({ ...field, id: `q${i}`, note: "x".repeat(4_000) })) },
    ],
    ["an unknown type", { form: form.uuid, revision, elements: [{ ...field, type: "nope" }] }],
    ["elements not an array", { form: form.uuid, revision, elements: "nope" }],
    ["an element not an object", { form: form.uuid, revision, elements: [42] }],
    [
      "repeat components nested twice",
      { form: form.uuid, revision, elements: [{ ...field, type: "repeat-field", components: [{ ...field, id: "c1", components: [] }] }] },
    ],
    ["revision as a string", { form: form.uuid, revision: String(revision), elements: [] }],
    ["revision past int4", { form: form.uuid, revision: 2 ** 31, elements: [] }],
    ["negative revision", { form: form.uuid, revision: -1, elements: [] }],
    ["fractional revision", { form: form.uuid, revision: 0.5, elements: [] }],
    ["huge revision", { form: form.uuid, revision: 1e308, elements: [] }],
    ["form ref not a string", { form: 42, revision, elements: [] }],
    ["form ref over 64 characters", { form: "x".repeat(65), revision, elements: [] }],
  ];
  for (const [what, input] of refused) {
    const r = await save(input);
    expect(r.status, what).toBe(400);
    expect(r.body.error.data.code, what).toBe("BAD_REQUEST");
  }
  expect(await formRow(seed, form.id), "nothing was stored").toEqual(before);

  const saved = await save({ form: form.uuid, revision, elements: [field] });
  expect(saved.status).toBe(200);
  expect(saved.body.result.data).toMatchObject({ hasDraft: true, revision: revision + 1, elements: [field] });
  const row = await formRow(seed, form.id);
  expect(row).toMatchObject({ draftElements: [field], draftRevision: revision + 1, elements: CONTACT_ELEMENTS, published: true });
  // Autosaving a draft nobody else sees does not move the form's updated_at.
  expect(row.updatedAt).toEqual(before.updatedAt);

  const stale = await save({ form: form.uuid, revision, elements: [] });
  expect(stale.status).toBe(409);
  expect(stale.body.error.data.code).toBe("CONFLICT");
  expect((await formRow(seed, form.id)).draftElements).toEqual([field]);
});

const PEOPLE = [
  { id: "q_note", label: "Note", type: "short-text" },
  {
    id: "q_people",
    label: "People",
    type: "repeat-field",
    components: [
      { id: "c_who", label: "Who", type: "short-text" },
      { id: "c_age", label: "Age", type: "number" },
    ],
  },
];

test("countElementAnswers counts a repeat component's answers in any row of its field; bad component ids are a 400", async ({
  signedIn: { org, as },
  seed,
}) => {
  const form = await seed.form(
    org.organizationId,
    {
      name: "Repeat answers",
      elements: PEOPLE,
      submissions: [
        { data: { q_people: [{ c_who: "Ada" }, { c_age: 36 }] } },
        { data: { q_people: [{ c_age: null }, { c_who: "Grace" }] } },
        { data: { q_people: [{ c_who: null }] } },
        { data: { q_note: "no people" } },
      ],
    },
    { publish: true },
  );
  // Data the import rules refuse (stored before them): counted as no answer, never an error.
  const odd = [{ c_who: "not in a row" }, { q_people: "not rows" }, { q_people: ["c_who", 5, null] }];
  await seed.db.insert(submissions).values(odd.map((data) => ({ formId: form.id, organizationId: org.organizationId, data })));
  await seed.db.update(forms).set({ submissionsCount: 7 }).where(eq(forms.id, form.id));
  // Another organization's submissions never count.
  const other = await seed.org();
  await seed.form(
    other.organizationId,
    { name: "Elsewhere", elements: PEOPLE, submissions: [{ data: { q_people: [{ c_who: "Alan" }] } }] },
    { publish: true },
  );
  const count = async (input: Record<string, unknown>) => {
    const r = await as.query("forms.countElementAnswers", { form: form.uuid, ...input });
    expect(r.status, JSON.stringify(input)).toBe(200);
    return r.body.result.data;
  };

  expect(await count({ elementId: "q_people", componentId: "c_who" })).toEqual({ answers: 2, submissions: 7 });
  expect(await count({ elementId: "q_people", componentId: "c_age" })).toEqual({ answers: 1, submissions: 7 });
  expect(await count({ elementId: "q_people", componentId: "c_gone" })).toEqual({ answers: 0, submissions: 7 });
  // The field itself: every submission with a value for it that is not null.
  expect(await count({ elementId: "q_people" })).toEqual({ answers: 5, submissions: 7 });
  expect(await count({ elementId: "q_note" })).toEqual({ answers: 1, submissions: 7 });

  for (const componentId of ["", "x".repeat(201), 42, null]) {
    const r = await as.query("forms.countElementAnswers", { form: form.uuid, elementId: "q_people", componentId });
    expect(r.status, String(componentId)).toBe(400);
    expect(r.body.error.data.code).toBe("BAD_REQUEST");
  }
});

test(`an unpublished form's draft can be discarded: \
the builder goes back to the elements outside the draft, which getDraft counts`, async ({ signedIn: { org, as }, seed }) => {
  const field = { id: "q_new", label: "New", type: "short-text" };

  // Imported, never published: Discard goes back to the imported elements.
  const imported = await seed.form(org.organizationId, { name: "Imported", elements: PEOPLE });
  const start = await as.query("forms.getDraft", { form: imported.uuid });
  expect(start.body.result.data).toMatchObject({ published: false, hasDraft: false, savedElementCount: 2, elements: PEOPLE });
  const saved = await as.mutation("forms.saveDraft", {
    form: imported.uuid,
    revision: start.body.result.data.revision,
    elements: [...PEOPLE, field],
  });
  expect(saved.body.result.data).toMatchObject({ hasDraft: true, savedElementCount: 2, elements: [...PEOPLE, field] });
  const discarded = await as.mutation("forms.discardDraft", { form: imported.uuid, revision: saved.body.result.data.revision });
  expect(discarded.status).toBe(200);
  expect(discarded.body.result.data).toMatchObject({ published: false, hasDraft: false, savedElementCount: 2, elements: PEOPLE });
  expect(await formRow(seed, imported.id)).toMatchObject({ published: false, draftElements: null, elements: PEOPLE });

  // Created blank: the draft is all there is, and Discard empties the form.
  const blank = await seed.form(org.organizationId, { name: "Blank" });
  const first = await as.mutation("forms.saveDraft", {
    form: blank.uuid,
    revision: (await formRow(seed, blank.id)).draftRevision,
    elements: [field],
  });
  expect(first.body.result.data).toMatchObject({ hasDraft: true, savedElementCount: 0 });
  const emptied = await as.mutation("forms.discardDraft", { form: blank.uuid, revision: first.body.result.data.revision });
  expect(emptied.body.result.data).toMatchObject({ hasDraft: false, savedElementCount: 0, elements: [] });
  expect(await formRow(seed, blank.id)).toMatchObject({ published: false, draftElements: null, elements: [] });
});

test("a member of another organization, in every role, reaches nothing of this one: forms, answers, members, invitations", async ({
  seed,
  request,
  baseURL,
  clientAddress,
}) => {
  test.setTimeout(120_000);
  const owner = await seed.org({ orgName: "Target" });
  const live = await seed.form(
    owner.organizationId,
    { name: "Target form", elements: CONTACT_ELEMENTS, submissions: [{ data: {} }] },
    {
      publish: true,
    },
  );
  const [answer] = await seed.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.formId, live.id));
  const before = await formRow(seed, live.id);
  const team = await seedTeam(seed, { orgName: "Intruders" });
  for (const role of ROLES) {
    const as = await teamSession(request, baseURL!, team.members[role], clientAddress, team.organizationId);
    const attempts: [kind: "query" | "mutation", path: string, input: unknown][] = [
      ["query", "forms.overview", { formUuid: live.uuid }],
      ["query", "submissions.list", { formUuid: live.uuid, page: 1 }],
      ["query", "submissions.get", { id: answer!.id }],
      ["mutation", "forms.rename", { formUuid: live.uuid, name: "Hijacked" }],
      ["mutation", "forms.trash", { formUuid: live.uuid }],
      ["mutation", "submissions.bulkDelete", { formUuid: live.uuid, ids: [answer!.id] }],
    ];
    for (const [kind, path, input] of attempts) {
      const r = await as[kind](path, input);
      // A role that may not do this at all is refused first (403); any other gets the 404 of what it cannot see.
      const refused = permissionRefusal({ role, formIds: null }, PROCEDURE_PERMISSIONS[path] as Permission);
      expect(r.status, `${role} ${path}`).toBe(refused ? 403 : 404);
    }
    // Not a member of Target: no way in by switching, and the form is nowhere else of theirs.
    const switched = await as.mutation("account.switchOrganization", { organizationId: owner.organizationId });
    expect(switched.status).toBe(404);
    expect(switched.body.error.message).toBe("You are not a member of that organization");
    expect((await as.query("forms.whereIs", { form: live.uuid })).body.result.data).toBeNull();
    const members = (await as.query("members.list")).body.result.data.members as { email: string }[];
    expect(members.map((m) => m.email)).not.toContain(owner.email);
    expect(members).toHaveLength(4);
  }
  expect(await formRow(seed, live.id)).toEqual(before);
  expect(await seed.db.select().from(submissions).where(eq(submissions.formId, live.id))).toHaveLength(1);
});
