import { and, eq, isNull, sql } from "drizzle-orm";
import { emailChangeRequests, mailMessages, passwordResetTokens, userSessions } from "../../db/schema";
import { hashToken } from "../../server/services/tokens/token-format";
import { createPasswordResetLink, RESET_ANSWER_MS } from "../../server/services/users/password-reset";
import { requestEmailChange } from "../../server/services/users/email-change";
import { freshAddress, linkIn, mailTo, waitForMail } from "../mail/mailbox";
import { expect, newClientAddress, test, type Seed, type SeededOrg } from "../fixtures";
import { attemptSignIn, median } from "./sign-in-client";
import { trpc } from "./trpc-client";
import type { APIRequestContext } from "@playwright/test";

/** "Forgot password": the same answer for every address, a one-time link by mail, sessions ended on use. */

const ANSWER = { result: {} };
const GONE = "This reset link has expired or was already used. Ask for a new one.";

const ask = (request: APIRequestContext, email: string, client = newClientAddress()) =>
  trpc(request, "mutation", "account.requestPasswordReset", { email }, { "x-forwarded-for": client });
const reset = (request: APIRequestContext, token: string, newPassword: string, client = newClientAddress()) =>
  trpc(request, "mutation", "account.resetPassword", { token, newPassword }, { "x-forwarded-for": client });
const usable = async (request: APIRequestContext, token: string) =>
  (await trpc(request, "query", "account.passwordResetStatus", { token })).body.result.data.usable as boolean;
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

/** Waits until the worker has handed the message to the mail server (its row says sent). */
async function sentRow(seed: Seed, id: string) {
  await expect
    .poll(async () => (await seed.db.select().from(mailMessages).where(eq(mailMessages.id, id)))[0]?.status, { timeout: 15_000 })
    .toBe("sent");
  return (await seed.db.select().from(mailMessages).where(eq(mailMessages.id, id)))[0]!;
}

const resetMails = (seed: Seed, org: SeededOrg) =>
  seed.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.userId, org.userId), eq(mailMessages.kind, "password_reset")));

test.describe("password reset", () => {
  test("an account's address gets a one-time link by mail; an unknown one the same answer and no mail", async ({
    request,
    seed,
    baseURL,
  }) => {
    const org = await seed.org();
    const nobody = freshAddress("nobody");
    const known = await ask(request, org.email.toUpperCase());
    const unknown = await ask(request, nobody);
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.body).toEqual(ANSWER);
    expect(unknown.body).toEqual(known.body);

    const [mail] = await waitForMail(org.email);
    expect(mail!.parsed.subject).toBe("Reset your Formhouse password");
    expect(mail!.parsed.text).toContain("It works once, for 60 minutes.");
    const link = linkIn(mail!, `${baseURL}/reset-password?token=`);
    const token = tokenOf(link);
    expect(token).toMatch(/^[\w-]{43}$/);

    // Stored as its SHA-256 only: no column of the row holds the token.
    const [row] = await seed.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, org.userId));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(60 * 60_000);
    // Once sent, the message in the mail log no longer holds the link.
    const [message] = await resetMails(seed, org);
    expect(message).toMatchObject({ toAddress: org.email, organizationId: null, idempotencyKey: `password_reset:${hashToken(token)}` });
    const sent = await sentRow(seed, message!.id);
    const [secret] = await seed.db.execute<{ kept: boolean }>(
      sql`select content ? 'secret' as kept from mail_messages where id = ${sent.id}`,
    );
    expect(secret).toEqual({ kept: false });
    expect(JSON.stringify(sent)).not.toContain(token);

    // The unknown address: nothing queued, nothing arrived (both were asked before the known one's mail came).
    expect(await seed.db.select().from(mailMessages).where(eq(mailMessages.toAddress, nobody))).toEqual([]);
    expect(await mailTo(nobody)).toEqual([]);
  });

  test("a link works once: the password changes, every session ends, the other links and pending email changes die", async ({
    request,
    seed,
    baseURL,
  }) => {
    const org = await seed.org();
    const a = await attemptSignIn(baseURL!, org.email, org.password, { "x-forwarded-for": newClientAddress() });
    const b = await attemptSignIn(baseURL!, org.email, org.password, { "x-forwarded-for": newClientAddress() });
    expect(await seed.db.select().from(userSessions).where(eq(userSessions.userId, org.userId))).toHaveLength(2);
    const first = (await createPasswordResetLink(seed.db, org.email))!;
    const second = (await createPasswordResetLink(seed.db, org.email))!;
    await seed.db.transaction((tx) => requestEmailChange(tx, org.userId, freshAddress("pending")));
    expect(await usable(request, tokenOf(first.link))).toBe(true);

    const short = await reset(request, tokenOf(first.link), "short");
    expect(short.status).toBe(400);
    expect(short.body.error.message).toContain("password must be at least 8 characters");
    expect(await usable(request, tokenOf(first.link))).toBe(true);

    const done = await reset(request, tokenOf(first.link), "a brand new passphrase");
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ result: { data: { email: org.email } } });
    expect(await seed.db.select().from(userSessions).where(eq(userSessions.userId, org.userId))).toEqual([]);
    for (const s of [a, b]) {
      const me = await fetch(`${baseURL}/api/trpc/account.me`, { headers: { cookie: s.sessionCookie! } });
      expect(me.status).toBe(401);
    }
    expect((await attemptSignIn(baseURL!, org.email, org.password, { "x-forwarded-for": newClientAddress() })).error).toBe(
      "CredentialsSignin",
    );
    expect(
      (await attemptSignIn(baseURL!, org.email, "a brand new passphrase", { "x-forwarded-for": newClientAddress() })).error,
    ).toBeNull();

    // Used, and the other link with it; the pending email change too.
    for (const link of [first.link, second.link]) {
      expect(await usable(request, tokenOf(link))).toBe(false);
      const again = await reset(request, tokenOf(link), "yet another passphrase");
      // GONE: tRPC answers it as 412 Precondition Failed.
      expect(again.status).toBe(412);
      expect(again.body.error).toMatchObject({ message: GONE, data: { code: "PRECONDITION_FAILED", httpStatus: 412 } });
    }
    expect(
      await seed.db
        .select()
        .from(emailChangeRequests)
        .where(and(eq(emailChangeRequests.userId, org.userId), isNull(emailChangeRequests.usedAt))),
    ).toEqual([]);
    expect(
      (await attemptSignIn(baseURL!, org.email, "a brand new passphrase", { "x-forwarded-for": newClientAddress() })).error,
    ).toBeNull();
  });

  test("a reset lifts the sign-in lock its client had put on the account: the sign-in after it goes through", async ({
    request,
    seed,
    baseURL,
  }) => {
    const org = await seed.org();
    const client = { "x-forwarded-for": newClientAddress() };
    for (let i = 1; i <= 10; i++) expect((await attemptSignIn(baseURL!, org.email, `guess ${i}`, client)).error).toBe("CredentialsSignin");
    expect((await attemptSignIn(baseURL!, org.email, org.password, client)).error).toBe("TooManyAttempts");
    const { link } = (await createPasswordResetLink(seed.db, org.email))!;
    expect((await reset(request, tokenOf(link), "a brand new passphrase", client["x-forwarded-for"])).status).toBe(200);
    expect((await attemptSignIn(baseURL!, org.email, "a brand new passphrase", client)).error).toBeNull();
  });

  test("an expired, unknown or mangled link is refused and changes nothing", async ({ request, seed, baseURL }) => {
    const org = await seed.org();
    const { link } = (await createPasswordResetLink(seed.db, org.email))!;
    await seed.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, org.userId));
    const token = tokenOf(link);
    for (const t of [token, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, token.slice(0, 20), ""]) {
      expect(await usable(request, t)).toBe(false);
      const r = await reset(request, t, "a brand new passphrase");
      expect(r.status, t).toBe(412);
      expect(r.body.error.message).toBe(GONE);
    }
    expect((await attemptSignIn(baseURL!, org.email, org.password, { "x-forwarded-for": newClientAddress() })).error).toBeNull();
    // The page says so, with the way to a new link.
    const page = await (await fetch(link)).text();
    expect(page).toContain(GONE);
    expect(page).toContain('href="/forgot-password"');
  });

  test("an address may be sent 5 links an hour, known or not: the 6th is a 429 alike, and no 6th token", async ({ request, seed }) => {
    const org = await seed.org();
    const nobody = freshAddress("nobody");
    for (let i = 1; i <= 5; i++) {
      expect((await ask(request, org.email)).status, `known ${i}`).toBe(200);
      expect((await ask(request, nobody)).status, `unknown ${i}`).toBe(200);
    }
    const known = await ask(request, org.email);
    const unknown = await ask(request, nobody);
    expect(known.status).toBe(429);
    expect(known.body.error).toMatchObject({
      message: "Too many reset links were asked for this address. Please try again in an hour.",
      data: { code: "TOO_MANY_REQUESTS", httpStatus: 429, path: "account.requestPasswordReset" },
    });
    expect(unknown.status).toBe(429);
    expect(unknown.body.error.message).toBe(known.body.error.message);
    expect(await seed.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, org.userId))).toHaveLength(5);
    expect(await resetMails(seed, org)).toHaveLength(5);
  });

  test("a client may ask for 20 links an hour; the 21st is refused, another client is not", async ({ request, seed }) => {
    const client = newClientAddress();
    for (let i = 1; i <= 20; i++) expect((await ask(request, freshAddress("many"), client)).status, `request ${i}`).toBe(200);
    const org = await seed.org();
    const refused = await ask(request, org.email, client);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe("Too many reset links were asked for from your network. Please try again in an hour.");
    expect(await resetMails(seed, org)).toEqual([]);
    expect((await ask(request, org.email)).status).toBe(200);
    expect(await resetMails(seed, org)).toHaveLength(1);
  });

  test("a known and an unknown address take as long", async ({ request, seed }) => {
    test.setTimeout(90_000);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 24; i++) {
      const org = await seed.org();
      const nobody = freshAddress("nobody");
      // Each goes first in turn, so a drift in the machine's load weighs on both alike.
      const first = await ask(request, i % 2 === 0 ? org.email : nobody);
      const second = await ask(request, i % 2 === 0 ? nobody : org.email);
      const [k, u] = i % 2 === 0 ? [first, second] : [second, first];
      expect([k.status, u.status]).toEqual([200, 200]);
      if (i >= 2) {
        known.push(k.ms);
        unknown.push(u.ms);
      }
    }
    // Every answer waits out RESET_ANSWER_MS (the mail worker's send happens in that time).
    expect(Math.min(...known, ...unknown)).toBeGreaterThanOrEqual(RESET_ANSWER_MS);
    const ratio = median(known) / median(unknown);
    expect(ratio, `medians: known ${median(known).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms`).toBeGreaterThan(0.75);
    expect(ratio).toBeLessThan(1.33);
  });

  test("a request from another site is refused and mails nothing", async ({ request, seed }) => {
    const org = await seed.org();
    const r = await trpc(request, "mutation", "account.requestPasswordReset", { email: org.email }, { origin: "https://evil.example" });
    expect(r.status).toBe(403);
    expect(r.body.error.data).toMatchObject({ code: "FORBIDDEN", path: "account.requestPasswordReset" });
    expect(await resetMails(seed, org)).toEqual([]);
  });

  test("an address that is no email is a 400, not a lookup", async ({ request }) => {
    for (const email of ["not-an-email", `${"a".repeat(8 * 1024)}@example.test`, "a\u0000@example.test"]) {
      const r = await ask(request, email);
      expect(r.status, email.slice(0, 20)).toBe(400);
    }
  });
});
