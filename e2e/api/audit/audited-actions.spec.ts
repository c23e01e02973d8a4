import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { auditEvents, oauthClients, oauthGrants } from "../../../db/schema";
import { V2_SCOPES } from "../../../lib/scopes/token-scopes";
import { expect, test } from "../../fixtures";
import { freshAddress, linkIn, waitForMail } from "../../mail/mailbox";
import { connectNewUser, registerClient } from "../../oauth";
import { cli, json } from "../cli";
import { attemptSignIn } from "../sign-in-client";
import { trpc } from "../trpc-client";
import { storeSubmission } from "../webhooks/helpers";
import { auditRows, dashboardAs, expectRow, namedToken, newOrigin, onlyRow, originHeaders } from "./audit-helpers";

/**
 * Every audited action writes its row, in the action's transaction: who (user, API token or
 * connected app, with its name then), what, which object, from which address and user agent,
 * and metadata without secrets or answers. Each action is done over real HTTP as a client would.
 */

const ANSWER = `secret-answer-${randomUUID()}@example.test`;
const EMAIL_FORM = { name: "Signups", elements: [{ id: "email", label: "Email", type: "email" }] };

test.describe("audit rows of account events", () => {
  test("sign-in, failed sign-in (known account only) and sign-out", async ({ seed, baseURL }) => {
    const user = await seed.org();
    const origin = newOrigin();
    const me = { type: "user", id: String(user.userId), label: user.email };
    const target = { type: "user", id: String(user.userId), label: user.email };

    const wrong = `wrong-${randomUUID()}`;
    expect((await attemptSignIn(baseURL!, user.email.toUpperCase(), wrong, originHeaders(origin))).error).toBe("CredentialsSignin");
    expectRow(await onlyRow(seed.db, user.organizationId, "user.sign_in_failed"), {
      actor: me,
      target,
      origin,
      metadata: { reason: "wrong_password" },
      secrets: [wrong],
    });

    // An address that is no account leaves no row in any organization.
    const nobody = `nobody-${randomUUID()}@example.test`;
    expect((await attemptSignIn(baseURL!, nobody, wrong, originHeaders(origin))).error).toBe("CredentialsSignin");
    const strays = await seed.db
      .select()
      .from(auditEvents)
      .where(
        sql`${auditEvents.actorLabel} = ${nobody}
          or (${auditEvents.userAgent} = ${origin.ua} and ${auditEvents.organizationId} <> ${user.organizationId})`,
      );
    expect(strays).toEqual([]);

    const { sessionCookie } = await attemptSignIn(baseURL!, user.email, user.password, originHeaders(origin));
    expect(sessionCookie).not.toBeNull();
    expectRow(await onlyRow(seed.db, user.organizationId, "user.signed_in"), {
      actor: me,
      target,
      origin,
      metadata: {},
      secrets: [user.password],
    });

    // Signing out, as the dashboard's button does.
    const csrf = await fetch(`${baseURL}/api/auth/csrf`, { headers: { cookie: sessionCookie!, ...originHeaders(origin) } });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookies = [sessionCookie!, ...csrf.headers.getSetCookie().map((c) => c.split(";")[0]!)].join("; ");
    const out = await fetch(`${baseURL}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies, ...originHeaders(origin) },
      body: new URLSearchParams({ csrfToken, json: "true" }),
    });
    expect(out.status).toBe(200);
    expectRow(await onlyRow(seed.db, user.organizationId, "user.signed_out"), { actor: me, target, origin, metadata: {} });
  });

  test("password change and reset; email change asked for and confirmed", async ({ seed, baseURL, request }) => {
    const user = await seed.org();
    const origin = newOrigin();
    const as = await dashboardAs(request, baseURL!, user, origin);
    const me = { type: "user", id: String(user.userId), label: user.email };
    const target = { ...me };

    const changed = `changed ${randomUUID()}`;
    await as.mutation("account.changePassword", { currentPassword: user.password, newPassword: changed });
    expectRow(await onlyRow(seed.db, user.organizationId, "user.password_changed"), {
      actor: me,
      target,
      origin,
      metadata: { endedSessions: 0 },
      secrets: [user.password, changed],
    });

    // A reset, by the mailed link (its holder is not signed in).
    const resetOrigin = newOrigin();
    const asked = await trpc(request, "mutation", "account.requestPasswordReset", { email: user.email }, originHeaders(resetOrigin));
    expect(asked.status).toBe(200);
    const [resetMail] = await waitForMail(user.email);
    const resetToken = new URL(linkIn(resetMail!, `${baseURL}/reset-password?token=`)).searchParams.get("token")!;
    const fresh = `fresh ${randomUUID()}`;
    const reset = await trpc(
      request,
      "mutation",
      "account.resetPassword",
      { token: resetToken, newPassword: fresh },
      originHeaders(resetOrigin),
    );
    expect(reset.status).toBe(200);
    expectRow(await onlyRow(seed.db, user.organizationId, "user.password_reset"), {
      actor: me,
      target,
      origin: resetOrigin,
      metadata: {},
      secrets: [fresh, resetToken],
    });

    // A new email: asked for (the suite's server has a mail server, so a link goes to it), then confirmed by the link.
    const again = await dashboardAs(request, baseURL!, { ...user, password: fresh }, origin);
    const to = freshAddress("audit");
    await again.mutation("account.updateProfile", { name: "Ada", email: to, currentPassword: fresh });
    expectRow(await onlyRow(seed.db, user.organizationId, "user.email_change_requested"), {
      actor: me,
      target,
      origin,
      metadata: { to },
      secrets: [fresh],
    });
    const [confirmMail] = await waitForMail(to);
    const confirmToken = new URL(linkIn(confirmMail!, `${baseURL}/confirm-email?token=`)).searchParams.get("token")!;
    const confirmOrigin = newOrigin();
    const confirmed = await trpc(request, "mutation", "account.confirmEmailChange", { token: confirmToken }, originHeaders(confirmOrigin));
    expect(confirmed.status).toBe(200);
    expectRow(await onlyRow(seed.db, user.organizationId, "user.email_changed"), {
      actor: { ...me, label: to },
      target: { ...target, label: to },
      origin: confirmOrigin,
      metadata: { from: user.email, to },
      secrets: [confirmToken],
    });
  });
});

test.describe("audit rows of the organization's changes", () => {
  test("API tokens created and revoked in the dashboard", async ({ seed, baseURL, request }) => {
    const user = await seed.org();
    const origin = newOrigin();
    const as = await dashboardAs(request, baseURL!, user, origin);
    const me = { type: "user", id: String(user.userId), label: user.email };
    const created = await as.mutation("tokens.create", {
      kind: "v2",
      name: "CI deploy",
      scopes: ["form.view", "audit.view"],
      formUuids: [],
    });
    expectRow(await onlyRow(seed.db, user.organizationId, "token.created"), {
      actor: me,
      target: { type: "api_token", id: String(created.id), label: "CI deploy" },
      origin,
      metadata: { kind: "v2", scopes: ["form.view", "audit.view"], forms: [] },
      secrets: [created.token],
    });
    await as.mutation("tokens.revoke", { id: created.id });
    expectRow(await onlyRow(seed.db, user.organizationId, "token.revoked"), {
      actor: me,
      target: { type: "api_token", id: String(created.id), label: "CI deploy" },
      origin,
      metadata: { kind: "v2" },
    });
    // Revoking again: a 404, and no second row.
    expect((await as.raw("mutation", "tokens.revoke", { id: created.id })).status).toBe(404);
    expect(await auditRows(seed.db, user.organizationId, "token.revoked")).toHaveLength(1);
  });

  test("tokens minted and revoked with the admin CLI are the system's", async ({ seed }) => {
    const user = await seed.org();
    const { token } = json(await cli("create-token", "--org", String(user.organizationId), "--scopes", "form.view", "--name", "Backup"));
    const created = await onlyRow(seed.db, user.organizationId, "token.created");
    expectRow(created, {
      actor: { type: "system", id: null, label: "Admin CLI" },
      target: { type: "api_token", id: created.targetId!, label: "Backup" },
      origin: null,
      metadata: { kind: "v2", scopes: ["form.view"], forms: [] },
      secrets: [token],
    });
    expect(json(await cli("revoke-token", "--token", token))).toEqual({ revoked: true });
    expectRow(await onlyRow(seed.db, user.organizationId, "token.revoked"), {
      actor: { type: "system", id: null, label: "Admin CLI" },
      target: { type: "api_token", id: created.targetId!, label: "Backup" },
      origin: null,
      metadata: { kind: "v2" },
      secrets: [token],
    });
  });

  test("webhooks over API v2: create, change, rotate, test, retry, delete — by the token, never with a secret", async ({ seed, api }) => {
    const user = await seed.org();
    const form = await seed.form(user.organizationId, EMAIL_FORM, { publish: true });
    const t = await namedToken(seed.db, user.organizationId, "Zap bridge", ["webhook.read", "webhook.write"]);
    const origin = newOrigin();
    const headers = originHeaders(origin);
    const actor = { type: "api_token", id: String(t.id), label: "Zap bridge" };
    const base = `/api/v2/forms/${form.uuid}/webhooks`;
    const receiverSecret = `rx-${randomUUID()}`;

    const created = await api.call("POST", base, {
      token: t.token,
      headers,
      body: { url: `http://127.0.0.1:9/hooks/${receiverSecret}?key=${receiverSecret}`, events: ["Submission.Created"] },
    });
    expect(created.status).toBe(201);
    const hook = created.body.webhook;
    const target = { type: "webhook", id: String(hook.id), label: "127.0.0.1:9" };
    expectRow(await onlyRow(seed.db, user.organizationId, "webhook.created"), {
      actor,
      target,
      origin,
      metadata: { form: form.uuid, events: ["Submission.Created"], enabled: true },
      secrets: [hook.secret, receiverSecret],
    });

    const changed = await api.call("PATCH", `${base}/${hook.id}`, { token: t.token, headers, body: { events: ["Submission.Deleted"] } });
    expect(changed.status).toBe(200);
    expectRow(await onlyRow(seed.db, user.organizationId, "webhook.updated"), {
      actor,
      target,
      origin,
      metadata: { form: form.uuid, events: ["Submission.Deleted"], enabled: true, changed: ["events"] },
    });

    const rotated = await api.call("POST", `${base}/${hook.id}/rotate_secret`, { token: t.token, headers });
    expect(rotated.status).toBe(200);
    expectRow(await onlyRow(seed.db, user.organizationId, "webhook.secret_rotated"), {
      actor,
      target,
      origin,
      metadata: { form: form.uuid },
      secrets: [hook.secret, rotated.body.secret],
    });

    const tested = await api.call("POST", `${base}/${hook.id}/test`, { token: t.token, headers });
    expect(tested.status).toBe(200);
    const delivery = tested.body.delivery;
    expectRow(await onlyRow(seed.db, user.organizationId, "webhook.tested"), {
      actor,
      target,
      origin,
      metadata: { delivery: delivery.id, event: "Submission.Created", status: delivery.status },
    });

    const retried = await api.call("POST", `${base}/${hook.id}/deliveries/${delivery.id}/retry`, { token: t.token, headers });
    expect(retried.status).toBe(202);
    const retryRow = await onlyRow(seed.db, user.organizationId, "webhook.delivery_retried");
    expectRow(retryRow, { actor, target, origin });
    expect(retryRow.metadata).toMatchObject({ delivery: delivery.id, event: "Submission.Created" });

    const deleted = await api.call("DELETE", `${base}/${hook.id}`, { token: t.token, headers });
    expect(deleted.status).toBe(204);
    expectRow(await onlyRow(seed.db, user.organizationId, "webhook.deleted"), { actor, target, origin, metadata: { form: form.uuid } });

    // A refused change (unknown webhook) writes nothing.
    expect((await api.call("DELETE", `${base}/${hook.id}`, { token: t.token, headers })).status).toBe(404);
    expect(await auditRows(seed.db, user.organizationId, "webhook.deleted")).toHaveLength(1);
    expect(await auditRows(seed.db, user.organizationId)).toHaveLength(6);
  });

  test("webhooks in the dashboard are the member's", async ({ seed, baseURL, request }) => {
    const user = await seed.org();
    const form = await seed.form(user.organizationId, EMAIL_FORM, { publish: true });
    const origin = newOrigin();
    const as = await dashboardAs(request, baseURL!, user, origin);
    const hook = await as.mutation("webhooks.create", {
      formUuid: form.uuid,
      url: "http://127.0.0.1:9/in?token=abc",
      events: ["Submission.Created"],
    });
    expectRow(await onlyRow(seed.db, user.organizationId, "webhook.created"), {
      actor: { type: "user", id: String(user.userId), label: user.email },
      target: { type: "webhook", id: String(hook.id), label: "127.0.0.1:9" },
      origin,
      metadata: { form: form.uuid, events: ["Submission.Created"], enabled: true },
      secrets: [hook.secret, "token=abc"],
    });
  });

  test("a connected app's subscriptions (connector webhooks) are the app's", async ({ seed, baseURL, request }) => {
    const { org, client, tokens } = await connectNewUser(request, seed, baseURL!);
    const form = await seed.form(org.organizationId, EMAIL_FORM, { publish: true });
    const origin = newOrigin();
    const connector = (method: "POST" | "DELETE", path: string, body?: unknown) =>
      request.fetch(`/connector${path}`, {
        method,
        headers: { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/json", ...originHeaders(origin) },
        data: body === undefined ? undefined : JSON.stringify(body),
      });
    const created = await connector("POST", "/webhooks", {
      webhook: { form_id: form.id, target_url: "http://127.0.0.1:9/zap?k=1", events: ["submission.created"] },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const [app] = await seed.db.select({ id: oauthClients.id }).from(oauthClients).where(eq(oauthClients.clientId, client.id));
    const actor = { type: "oauth_client", id: String(app!.id), label: client.name };
    const target = { type: "webhook", id: String(id), label: "127.0.0.1:9" };
    const row = await onlyRow(seed.db, org.organizationId, "webhook.created");
    expectRow(row, { actor, target, origin, secrets: [tokens.access_token!, "k=1"] });
    expect(row.metadata).toMatchObject({ form: form.id, connector: true });
    expect((await connector("DELETE", `/webhooks/${id}`)).status()).toBe(204);
    expectRow(await onlyRow(seed.db, org.organizationId, "webhook.deleted"), { actor, target, origin, metadata: { connector: true } });
  });

  test("a connected app disconnected in the dashboard", async ({ seed, baseURL, request }) => {
    const user = await seed.org();
    const client = await registerClient(seed.db, { name: `Automation ${randomUUID().slice(0, 8)}` });
    const [row] = await seed.db.select({ id: oauthClients.id }).from(oauthClients).where(eq(oauthClients.clientId, client.id));
    const [grant] = await seed.db
      .insert(oauthGrants)
      .values({ clientId: row!.id, userId: user.userId, organizationId: user.organizationId, scopes: ["forms:read"] })
      .returning();
    const origin = newOrigin();
    const as = await dashboardAs(request, baseURL!, user, origin);
    await as.mutation("connectedApps.revoke", { id: grant!.id });
    expectRow(await onlyRow(seed.db, user.organizationId, "connected_app.revoked"), {
      actor: { type: "user", id: String(user.userId), label: user.email },
      target: { type: "oauth_grant", id: String(grant!.id), label: client.name },
      origin,
      metadata: {},
    });
  });

  test("forms published, unpublished, trashed and restored", async ({ seed, baseURL, request }) => {
    const user = await seed.org();
    const form = await seed.form(user.organizationId, EMAIL_FORM);
    const origin = newOrigin();
    const as = await dashboardAs(request, baseURL!, user, origin);
    const actor = { type: "user", id: String(user.userId), label: user.email };
    const target = { type: "form", id: form.uuid, label: "Signups" };
    const draft = await as.query("forms.getDraft", { form: form.uuid });
    const published = await as.mutation("forms.publish", { form: form.uuid, revision: draft.revision });
    expect(published.ok).toBe(true);
    expectRow(await onlyRow(seed.db, user.organizationId, "form.published"), { actor, target, origin, metadata: { elements: 1 } });
    await as.mutation("forms.unpublish", { form: form.uuid });
    expectRow(await onlyRow(seed.db, user.organizationId, "form.unpublished"), { actor, target, origin, metadata: {} });
    await as.mutation("forms.trash", { formUuid: form.uuid });
    expectRow(await onlyRow(seed.db, user.organizationId, "form.trashed"), { actor, target, origin, metadata: {} });
    await as.mutation("forms.restore", { formUuid: form.uuid });
    expectRow(await onlyRow(seed.db, user.organizationId, "form.restored"), { actor, target, origin, metadata: {} });
  });

  test("submissions edited, deleted (dashboard, v2, v1) and exported, never with an answer", async ({ seed, baseURL, request, api }) => {
    const user = await seed.org();
    const form = await seed.form(user.organizationId, EMAIL_FORM, { publish: true });
    const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => storeSubmission(seed.db, form.id, { email: ANSWER })));
    const origin = newOrigin();
    const as = await dashboardAs(request, baseURL!, user, origin);
    const member = { type: "user", id: String(user.userId), label: user.email };
    const edited = `edited-${randomUUID()}@example.test`;

    await as.mutation("submissions.update", { id: a!.id, data: { email: edited } });
    expectRow(await onlyRow(seed.db, user.organizationId, "submission.updated"), {
      actor: member,
      target: { type: "submission", id: a!.id, label: "Signups" },
      origin,
      metadata: { form: form.uuid },
      secrets: [ANSWER, edited],
    });

    await as.mutation("submissions.bulkDelete", { formUuid: form.uuid, ids: [a!.id, b!.id] });
    const bulk = await onlyRow(seed.db, user.organizationId, "submission.deleted");
    expectRow(bulk, {
      actor: member,
      target: { type: "form", id: form.uuid, label: "Signups" },
      origin,
      metadata: { form: form.uuid, count: 2 },
    });

    const v2 = await namedToken(seed.db, user.organizationId, "Cleanup job", ["submission.delete"]);
    const v2Origin = newOrigin();
    expect((await api.call("DELETE", `/api/v2/submissions/${c!.id}`, { token: v2.token, headers: originHeaders(v2Origin) })).status).toBe(
      200,
    );
    const v1Token = await seed.v1Token(user.organizationId, form.id);
    const v1Origin = newOrigin();
    expect((await api.call("DELETE", `/api/v1/submissions/${d!.id}`, { token: v1Token, headers: originHeaders(v1Origin) })).status).toBe(
      200,
    );
    const deletes = await auditRows(seed.db, user.organizationId, "submission.deleted");
    expect(deletes).toHaveLength(3);
    const v1Row = deletes.find((r) => r.targetId === d!.id)!;
    expectRow(deletes.find((r) => r.targetId === c!.id)!, {
      actor: { type: "api_token", id: String(v2.id), label: "Cleanup job" },
      target: { type: "submission", id: c!.id, label: "Signups" },
      origin: v2Origin,
      metadata: { form: form.uuid, count: 1 },
    });
    expectRow(v1Row, {
      actor: { type: "api_token", id: v1Row.actorId, label: "" },
      target: { type: "submission", id: d!.id, label: "Signups" },
      origin: v1Origin,
      metadata: { form: form.uuid, count: 1 },
    });
    // Deleting what is gone writes nothing.
    expect((await api.call("DELETE", `/api/v2/submissions/${c!.id}`, { token: v2.token })).status).toBe(404);
    expect(await auditRows(seed.db, user.organizationId, "submission.deleted")).toHaveLength(3);

    const csv = await fetch(`${baseURL}/submissions/export?form=${form.uuid}&email__contains=${encodeURIComponent(ANSWER)}`, {
      headers: as.headers,
    });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain(ANSWER);
    expectRow(await onlyRow(seed.db, user.organizationId, "submission.exported"), {
      actor: member,
      target: { type: "form", id: form.uuid, label: "Signups" },
      origin,
      metadata: { form: form.uuid, view: "all", filters: 1 },
      secrets: [ANSWER],
    });
    void e;
    // Reads are not logged: the lists and the one submission left.
    await as.query("submissions.list", { formUuid: form.uuid });
    const actions = (await auditRows(seed.db, user.organizationId)).map((r) => r.action);
    expect(actions.filter((x) => x.startsWith("submission."))).toEqual([
      "submission.updated",
      "submission.deleted",
      "submission.deleted",
      "submission.deleted",
      "submission.exported",
    ]);
    expect(V2_SCOPES).toContain("audit.view");
  });
});
