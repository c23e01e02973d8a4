import { eq } from "drizzle-orm";
import { apiTokens, userSessions } from "../../../db/schema";
import { startSession } from "../../../server/auth/sessions";
import { expect, test, type Seed } from "../../fixtures";
import { dashboardCaller } from "../dashboard-caller";

/** The dashboard's token and account procedures: tenant filters, fields named in errors, nothing leaked. */

const callerFor = dashboardCaller;

async function orgWithForm(seed: Seed) {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, { name: "Signups" });
  return { org, form, caller: callerFor(org) };
}

test("tokens: listed without the token or its hash, never across organizations", async ({ seed }) => {
  const a = await orgWithForm(seed);
  const b = await orgWithForm(seed);
  const created = await a.caller.tokens.create({ kind: "v2", name: "Sync", scopes: ["form.view"], formUuids: [] });
  const list = await a.caller.tokens.list({ kind: "v2" });
  expect(list).toEqual([
    {
      id: created.id,
      kind: "v2",
      name: "Sync",
      prefix: `${created.token.slice(0, 10)}…`,
      scopes: ["form.view"],
      forms: null,
      createdAt: expect.any(String),
      createdBy: { name: "Test User", email: a.org.email },
      lastUsedAt: null,
      usageCount: 0,
    },
  ]);
  // A token minted outside the dashboard (the admin CLI's service) names no creator; it is the organization's all the same.
  await seed.token(a.org.organizationId, { scopes: ["form.view"] });
  const [cliToken] = await a.caller.tokens.list({ kind: "v2" });
  expect(cliToken).toMatchObject({ createdBy: null, scopes: ["form.view"] });
  const [row] = await seed.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
  expect(JSON.stringify(list)).not.toContain(created.token);
  expect(JSON.stringify(list)).not.toContain(row!.tokenHash);

  // Another organization sees none of it, cannot revoke it, cannot name its forms.
  expect(await b.caller.tokens.list({ kind: "v2" })).toEqual([]);
  await expect(b.caller.tokens.revoke({ id: created.id })).rejects.toMatchObject({ code: "NOT_FOUND", message: "Token not found" });
  const foreign = await b.caller.tokens.create({ kind: "v2", name: "X", scopes: ["form.view"], formUuids: [a.form.uuid] }).catch((e) => e);
  expect(foreign).toMatchObject({ code: "NOT_FOUND", message: "Form not found or not authorized" });
  expect(foreign.cause.path).toEqual(["formUuids", 0]);
  await expect(b.caller.tokens.list({ kind: "v1", formUuid: a.form.uuid })).rejects.toMatchObject({ code: "NOT_FOUND" });
  const v1 = await b.caller.tokens.create({ kind: "v1", name: "X", scopes: ["form.view"], formUuid: a.form.uuid }).catch((e) => e);
  expect(v1.cause.path).toEqual(["formUuid"]);

  // Bad input: each problem at its field, never a 500.
  const bad = await a.caller.tokens
    .create({ kind: "v2", name: " ", scopes: ["form.view", "nope"], formUuids: [] } as never)
    .catch((e) => e);
  expect(bad.code).toBe("BAD_REQUEST");
  expect(bad.cause.issues.map((i: { path: unknown[] }) => i.path)).toEqual([["name"], ["scopes", 1]]);
  // A v1 token has v1 scopes only.
  await expect(
    a.caller.tokens.create({ kind: "v1", name: "X", scopes: ["webhook.read"], formUuid: a.form.uuid } as never),
  ).rejects.toMatchObject({ code: "BAD_REQUEST" });

  await a.caller.tokens.revoke({ id: created.id });
  expect((await a.caller.tokens.list({ kind: "v2" })).map((t) => t.id)).toEqual([cliToken!.id]);
  await expect(a.caller.tokens.revoke({ id: created.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
});

test("password change ends the user's other sessions only, and checks the current password", async ({ seed }) => {
  const org = await seed.org();
  const other = await seed.org();
  const mine = await startSession(seed.db, org.userId);
  await startSession(seed.db, org.userId);
  const othersSession = await startSession(seed.db, other.userId);
  const caller = callerFor(org, mine);

  const wrong = await caller.account.changePassword({ currentPassword: "nope", newPassword: "a long new password" }).catch((e) => e);
  expect(wrong).toMatchObject({ code: "BAD_REQUEST", message: "The current password is not correct" });
  expect(wrong.cause.path).toEqual(["currentPassword"]);
  const short = await caller.account.changePassword({ currentPassword: org.password, newPassword: "short" }).catch((e) => e);
  expect(short.cause.issues[0]).toMatchObject({ path: ["newPassword"], message: "password must be at least 8 characters" });

  expect(await caller.account.changePassword({ currentPassword: org.password, newPassword: "a long new password" })).toEqual({
    endedSessions: 1,
  });
  expect((await seed.db.select().from(userSessions).where(eq(userSessions.userId, org.userId))).map((s) => s.id)).toEqual([mine]);
  expect((await seed.db.select().from(userSessions).where(eq(userSessions.userId, other.userId))).map((s) => s.id)).toEqual([
    othersSession,
  ]);
});

test("profile: a new email needs the current password; a taken one is a 409 at the email", async ({ seed }) => {
  const org = await seed.org();
  const taken = await seed.org();
  const caller = callerFor(org);
  const without = await caller.account.updateProfile({ name: "Ada", email: "new@example.test" }).catch((e) => e);
  expect(without.cause.path).toEqual(["currentPassword"]);
  const conflict = await caller.account
    .updateProfile({ name: "Ada", email: taken.email.toUpperCase(), currentPassword: org.password })
    .catch((e) => e);
  expect(conflict).toMatchObject({ code: "CONFLICT", message: "Another account uses this email" });
  expect(conflict.cause.path).toEqual(["email"]);
  // The name alone needs no password.
  expect(await caller.account.updateProfile({ name: "Ada", email: org.email })).toEqual({ updated: true });
  expect((await caller.account.me()).name).toBe("Ada");
});

test("hostile input to tokens and account is a 400 at the field, never a 500, and changes nothing", async ({ seed }) => {
  const { org, form, caller } = await orgWithForm(seed);
  const codeOf = async (p: Promise<unknown>) =>
    (
      (await p.then(
        () => null,
        (e: { code: string }) => e,
      )) as { code: string } | null
    )?.code ?? "OK";
  const hostile = ["a\u0000b", "a\ud800b", "x".repeat(10_000)];
  for (const name of hostile) {
    expect(await codeOf(caller.tokens.create({ kind: "v2", name, scopes: ["form.view"], formUuids: [] }))).toBe("BAD_REQUEST");
    expect(await codeOf(caller.tokens.create({ kind: "v1", name: "ok", scopes: ["form.view"], formUuid: name }))).toBe("BAD_REQUEST");
    expect(await codeOf(caller.account.updateProfile({ name, email: org.email }))).toBe("BAD_REQUEST");
    expect(await codeOf(caller.account.updateProfile({ name: "Ada", email: name, currentPassword: org.password }))).toBe("BAD_REQUEST");
    expect(await codeOf(caller.account.renameOrganization({ organizationName: name }))).toBe("BAD_REQUEST");
    expect(await codeOf(caller.account.changePassword({ currentPassword: org.password, newPassword: name.slice(0, 20) + name }))).toBe(
      "BAD_REQUEST",
    );
  }
  for (const email of ["not-an-email", "a@", "@b.test", " ", ""]) {
    expect(await codeOf(caller.account.updateProfile({ name: "Ada", email, currentPassword: org.password }))).toBe("BAD_REQUEST");
  }
  // Wrong types, and numbers no row can have.
  expect(await codeOf(caller.tokens.create({ kind: "v2", name: 42, scopes: "form.view", formUuids: [] } as never))).toBe("BAD_REQUEST");
  expect(await codeOf(caller.tokens.create({ kind: "v3", name: "x", scopes: ["form.view"] } as never))).toBe("BAD_REQUEST");
  expect(await codeOf(caller.tokens.create({ kind: "v2", name: "x", scopes: ["form.view"], formUuids: Array(101).fill(form.uuid) }))).toBe(
    "BAD_REQUEST",
  );
  expect(await codeOf(caller.tokens.create({ kind: "v1", name: "x", scopes: ["form.view"], formUuid: "99999999999" }))).toBe("NOT_FOUND");
  for (const id of [2 ** 31, 2 ** 53 - 1, 1.5, -1, 0]) {
    expect(await codeOf(caller.tokens.revoke({ id }))).toMatch(/^(BAD_REQUEST|NOT_FOUND)$/);
    expect(await codeOf(caller.connectedApps.revoke({ id }))).toMatch(/^(BAD_REQUEST|NOT_FOUND)$/);
  }
  expect(await codeOf(caller.tokens.list({ kind: "v1", formUuid: "\u0000" }))).toBe("BAD_REQUEST");

  // Nothing was written: no token, the same name, email and organization.
  expect(await seed.db.select().from(apiTokens).where(eq(apiTokens.organizationId, org.organizationId))).toEqual([]);
  expect(await caller.account.me()).toMatchObject({ email: org.email });
});
