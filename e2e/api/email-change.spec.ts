import { eq, sql } from "drizzle-orm";
import { emailChangeRequests, mailMessages, users } from "../../db/schema";
import { hashToken } from "../../server/services/tokens/token-format";
import { updateProfile } from "../../server/services/users/update-account";
import { freshAddress, linkIn, waitForMail } from "../mail/mailbox";
import { expect, newClientAddress, test, type Seed, type SeededOrg } from "../fixtures";
import { attemptSignIn } from "./sign-in-client";
import { trpc } from "./trpc-client";
import { dashboardCaller } from "./dashboard-caller";

/** A new sign-in email is confirmed by a link mailed to it (the suite's server has a mail server). */

const callerFor = dashboardCaller;
const GONE = "This confirmation link has expired or was already used. Change your email on the Account page again.";
const emailOf = async (seed: Seed, org: SeededOrg) => (await seed.db.select().from(users).where(eq(users.id, org.userId)))[0]!.email;

/** Asks for `to` as the new email; answers the link mailed there. */
async function askFor(org: SeededOrg, to: string, baseURL: string, count = 1): Promise<string> {
  const res = await callerFor(org).account.updateProfile({ name: "Ada", email: to, currentPassword: org.password });
  expect(res).toEqual({ updated: true, confirmationSentTo: to });
  const mails = await waitForMail(to, { count });
  return linkIn(mails[count - 1]!, `${baseURL}/confirm-email?token=`);
}

const pageText = async (link: string) => {
  const res = await fetch(link);
  expect(res.status).toBe(200);
  return res.text();
};

test.describe("email change", () => {
  test("the email changes only when the link sent to the new address is opened; the old address is told", async ({ seed, baseURL }) => {
    const org = await seed.org();
    const to = freshAddress("new");
    const link = await askFor(org, to, baseURL!);
    const [mail] = await waitForMail(to);
    expect(mail!.parsed.subject).toBe("Confirm your new Formhouse email");
    expect(mail!.parsed.text).toContain(`Confirm that ${to} is the address you want to sign in to Formhouse with.`);

    // Nothing changed yet but the name; the request keeps the token's hash only.
    expect(await emailOf(seed, org)).toBe(org.email);
    expect((await seed.db.select().from(users).where(eq(users.id, org.userId)))[0]!.name).toBe("Ada");
    const token = new URL(link).searchParams.get("token")!;
    const [request] = await seed.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, org.userId));
    expect(request).toMatchObject({ tokenHash: hashToken(token), newEmail: to, usedAt: null });
    expect(JSON.stringify(request)).not.toContain(token);
    expect((await attemptSignIn(baseURL!, to, org.password, { "x-forwarded-for": newClientAddress() })).error).toBe("CredentialsSignin");

    // Opened (signed out): changed, and the old address hears of it.
    expect(await pageText(link)).toContain(`Your sign-in email is now ${to}.`);
    expect(await emailOf(seed, org)).toBe(to);
    const [told] = await waitForMail(org.email);
    expect(told!.parsed.subject).toBe("Your Formhouse sign-in email was changed");
    expect(told!.parsed.text).toContain(`Your Formhouse account now signs in with ${to}, not this address.`);
    expect((await attemptSignIn(baseURL!, to, org.password, { "x-forwarded-for": newClientAddress() })).error).toBeNull();

    // Opened again (a second click, a mail scanner first): the same answer, no second mail.
    expect(await pageText(link)).toContain(`Your sign-in email is now ${to}.`);
    const changedMails = await seed.db.select().from(mailMessages).where(eq(mailMessages.userId, org.userId));
    expect(changedMails.map((m) => m.kind).sort()).toEqual(["email_change", "email_changed"]);
    // Once sent, the confirmation's row no longer holds the link.
    await expect
      .poll(async () => {
        const [row] = await seed.db.execute<{ status: string; kept: boolean }>(
          sql`select status, content ? 'secret' as kept from mail_messages where user_id = ${org.userId} and kind = 'email_change'`,
        );
        return row;
      })
      .toEqual({ status: "sent", kept: false });
  });

  test("a link for an address another account took meanwhile is refused, and can still be used once it is free", async ({
    seed,
    request,
    baseURL,
  }) => {
    const org = await seed.org();
    const other = await seed.org();
    const to = freshAddress("contested");
    const link = await askFor(org, to, baseURL!);
    await seed.db.update(users).set({ email: to }).where(eq(users.id, other.userId));

    expect(await pageText(link)).toContain("Another account uses this email now, so yours was not changed.");
    const token = new URL(link).searchParams.get("token")!;
    const refused = await trpc(request, "mutation", "account.confirmEmailChange", { token });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ message: "Another account uses this email now, so yours was not changed." });
    expect(await emailOf(seed, org)).toBe(org.email);
    expect(await emailOf(seed, other)).toBe(to);

    await seed.db.update(users).set({ email: other.email }).where(eq(users.id, other.userId));
    const done = await trpc(request, "mutation", "account.confirmEmailChange", { token });
    expect(done.body).toEqual({ result: { data: { email: to } } });
  });

  test("an expired link, and the other links once one is used, are refused", async ({ seed, request, baseURL }) => {
    const org = await seed.org();
    const first = freshAddress("first");
    const second = freshAddress("second");
    const firstLink = await askFor(org, first, baseURL!);
    const secondLink = await askFor(org, second, baseURL!);
    const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

    await seed.db
      .update(emailChangeRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeRequests.tokenHash, hashToken(tokenOf(secondLink))));
    expect(await pageText(secondLink)).toContain(GONE);
    const expired = await trpc(request, "mutation", "account.confirmEmailChange", { token: tokenOf(secondLink) });
    expect(expired.status).toBe(412); // GONE, as tRPC says it
    expect(expired.body.error.message).toBe(GONE);

    // A third request, used: the first link dies with it.
    const third = freshAddress("third");
    expect(
      (await trpc(request, "mutation", "account.confirmEmailChange", { token: tokenOf(await askFor(org, third, baseURL!)) })).status,
    ).toBe(200);
    expect(await pageText(firstLink)).toContain(GONE);
    for (const token of [tokenOf(firstLink), "", "x".repeat(43), "not a token"]) {
      const r = await trpc(request, "mutation", "account.confirmEmailChange", { token });
      expect(r.status, token).toBe(412);
    }
    expect(await emailOf(seed, org)).toBe(third);
  });

  test("a password change voids a pending email change: one asked for with the old password cannot be confirmed after it", async ({
    seed,
    baseURL,
  }) => {
    const org = await seed.org();
    const link = await askFor(org, freshAddress("intruder"), baseURL!);
    await callerFor(org).account.changePassword({ currentPassword: org.password, newPassword: "a different long password" });
    expect(await pageText(link)).toContain(GONE);
    expect(await emailOf(seed, org)).toBe(org.email);
  });

  test("an email taken now is a 409 at the field; 5 confirmation mails an hour, then a 429 at the field", async ({ seed, baseURL }) => {
    const org = await seed.org();
    const taken = await seed.org();
    const caller = callerFor(org);
    const conflict = await caller.account.updateProfile({ name: "Ada", email: taken.email, currentPassword: org.password }).catch((e) => e);
    expect(conflict).toMatchObject({ code: "CONFLICT", message: "Another account uses this email" });
    expect(conflict.cause.path).toEqual(["email"]);
    for (let i = 1; i <= 5; i++) await askFor(org, freshAddress(`many${i}`), baseURL!);
    const sixth = freshAddress("sixth");
    const refused = await caller.account.updateProfile({ name: "Ada", email: sixth, currentPassword: org.password }).catch((e) => e);
    expect(refused).toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: "Too many confirmation links were sent for this account. Please try again in an hour.",
    });
    expect(refused.cause.path).toEqual(["email"]);
    expect(await seed.db.select().from(mailMessages).where(eq(mailMessages.toAddress, sixth))).toEqual([]);
  });

  test("without a mail server the email changes at once, with the current password, as it always did", async ({ seed }) => {
    const org = await seed.org();
    const to = freshAddress("direct");
    const who = { userId: org.userId, organizationId: org.organizationId };
    expect(await updateProfile(seed.db, who, { name: "Ada", email: to, currentPassword: org.password }, { confirmByMail: false })).toEqual(
      {},
    );
    expect(await emailOf(seed, org)).toBe(to);
    expect(await seed.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, org.userId))).toEqual([]);
    expect(await seed.db.select().from(mailMessages).where(eq(mailMessages.userId, org.userId))).toEqual([]);
  });
});
