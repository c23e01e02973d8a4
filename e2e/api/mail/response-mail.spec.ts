import { and, eq, sql } from "drizzle-orm";
import { formNotifications, formReceipts, mailMessages, submissions } from "../../../db/schema";
import { queueDigests } from "../../../server/mail/digest";
import { freshAddress, mailTo, waitForMail, type ReceivedMail } from "../../mail/mailbox";
import { expect, test, type ApiClient, type Seed, type SeededOrg } from "../../fixtures";
import { postJson, publishedForm, submitPath } from "../survey/survey-fixtures";

/** A response's mail: the members' notifications and the respondent's receipt, queued by the submit itself. */

const ANSWERS = { full_name: { first_name: "Ada", last_name: "Lovelace" }, message: "Hello" };

/** A published contact form whose owner asked for each response and whose respondents get a receipt. */
async function formWithMail(seed: Seed, opts: { name?: string; subject?: string; message?: string } = {}) {
  const { org, form } = await publishedForm(seed, opts.name ? { name: opts.name } : {});
  await seed.db.insert(formNotifications).values({ userId: org.userId, formId: form.id, mode: "each" });
  await seed.db.insert(formReceipts).values({
    formId: form.id,
    emailField: "email",
    subject: opts.subject ?? "Thanks, {{Your name: First name}}",
    message: opts.message ?? "Hello {{Your name}},\n\nwe got your message.",
    includeAnswers: true,
    replyToUserId: org.userId,
  });
  return { org, form };
}

const submit = async (api: ApiClient, formUuid: string, data: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
  const res = await postJson(api, submitPath(formUuid), { data, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
};

/** A message's header block, folded lines joined. */
const headerBlock = (mail: ReceivedMail) => mail.raw.split("\r\n\r\n")[0]!.replace(/\r\n[ \t]+/g, " ");
const headerNames = (mail: ReceivedMail) =>
  headerBlock(mail)
    .split("\r\n")
    .map((l) => l.slice(0, l.indexOf(":")).toLowerCase());

const unsubscribeLink = (mail: ReceivedMail) => /^List-Unsubscribe: <([^>]+)>\r?$/m.exec(headerBlock(mail))![1]!;

test("a submit mails each member who asked for every response, and the respondent a receipt with the answers", async ({ seed, api }) => {
  const { org, form } = await formWithMail(seed);
  const respondent = freshAddress("respondent");
  await submit(api, form.uuid, { ...ANSWERS, email: respondent });

  const [receipt] = await waitForMail(respondent);
  expect(receipt!.parsed.subject).toBe("Thanks, Ada");
  expect(receipt!.parsed.text).toContain("Hello Ada Lovelace,");
  expect(receipt!.parsed.replyTo?.text).toBe(org.email);
  expect(receipt!.parsed.html).toContain('lang="en"');

  const [notification] = await waitForMail(org.email);
  expect(notification!.parsed.subject).toBe("New response: Contact us");
  expect(notification!.parsed.text).toContain("Hello");
  const headers = notification!.raw.replace(/\r\n[ \t]+/g, " ");
  expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
  expect(headers).toMatch(/^List-Unsubscribe: <http:\/\/[^>]+\/mail\/unsubscribe\/u\d+f\d+\.[\w-]{32}>\r$/m);
  // The answers, labelled as in the export, in the notification and (include_answers) the receipt.
  for (const mail of [notification!, receipt!]) {
    expect(mail.parsed.text).toContain("Your name: First name:\nAda");
    expect(mail.parsed.text).toContain("Message:\nHello");
  }
});

test("the fourth receipt to one address in a day is logged as capped with its reason and never sent", async ({ seed, api }) => {
  const { form } = await formWithMail(seed);
  const respondent = freshAddress("often");
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) ids.push(await submit(api, form.uuid, { ...ANSWERS, email: respondent }));
  const receipts = await seed.db
    .select({ key: mailMessages.idempotencyKey, status: mailMessages.status, reply: mailMessages.lastReply })
    .from(mailMessages)
    .where(and(eq(mailMessages.formId, form.id), eq(mailMessages.kind, "receipt")));
  const byKey = new Map(receipts.map((r) => [r.key, r]));
  expect(byKey.get(`receipt:${ids[3]}`)).toEqual({
    key: `receipt:${ids[3]}`,
    status: "capped",
    reply: "Not sent: this address reached its limit of 3 receipts a day",
  });
  for (const id of ids.slice(0, 3)) expect(byKey.get(`receipt:${id}`)?.status).not.toBe("capped");

  await waitForMail(respondent, { count: 3 });
  // A later message to another address has gone out: the capped one would have by now.
  const other = freshAddress("other");
  await submit(api, form.uuid, { ...ANSWERS, email: other });
  await waitForMail(other);
  expect(await mailTo(respondent)).toHaveLength(3);
});

test("CR LF and a Bcc: line in the form's name, the answers or a subject's placeholder add no header and no recipient", async ({
  seed,
  api,
}) => {
  const evil = freshAddress("evil");
  const { org, form } = await formWithMail(seed, {
    name: `Contact us\r\nBcc: ${evil}\r\nX-Injected: form`,
    subject: "Re: {{Subject}}",
    message: "Hello {{Subject}}\n\nyour message: {{Message}}",
  });
  const respondent = freshAddress("respondent");
  const line = `hi\r\nBcc: ${evil}\r\nX-Injected: answer`;
  await submit(api, form.uuid, { ...ANSWERS, email: respondent, subject: line, message: `${line}\r\n\r\nTo: ${evil}` });

  const [receipt] = await waitForMail(respondent);
  const [notification] = await waitForMail(org.email);
  for (const [mail, to] of [
    [receipt!, respondent],
    [notification!, org.email],
  ] as const) {
    expect(mail.envelopeTo).toEqual([to]);
    expect(headerNames(mail)).not.toContain("bcc");
    expect(headerNames(mail)).not.toContain("x-injected");
    expect(headerNames(mail).filter((h) => h === "to")).toHaveLength(1);
    expect(mail.parsed.bcc).toBeUndefined();
  }
  expect(receipt!.parsed.subject).toBe(`Re: hi Bcc: ${evil} X-Injected: answer`);
  expect(notification!.parsed.subject).toBe(`New response: Contact us Bcc: ${evil} X-Injected: form`);
  // The body keeps the text as written, as text.
  expect(receipt!.parsed.text).toContain(`Bcc: ${evil}`);
  expect(await mailTo(evil)).toEqual([]);
});

test("an answer that reads as an address list or a display name is sent to that one address as written, or not at all", async ({
  seed,
  api,
}) => {
  const { form } = await formWithMail(seed);
  const hidden = freshAddress("hidden");
  const listed = `someone,${hidden}`;
  const id = await submit(api, form.uuid, { ...ANSWERS, email: listed });
  const row = async () =>
    (
      await seed.db
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.idempotencyKey, `receipt:${id}`))
    )[0]!;
  await expect.poll(async () => (await row()).status, { timeout: 15_000 }).not.toBe("pending");
  expect((await row()).toAddress).toBe(listed);
  expect(await mailTo(hidden)).toEqual([]);
  for (const mail of await mailTo(listed)) expect(mail.envelopeTo).toEqual([listed]);
});

test("a spam submit sends no notification and no receipt", async ({ seed, api }) => {
  const { org, form } = await formWithMail(seed);
  const spammer = freshAddress("spammer");
  const spamId = await submit(api, form.uuid, { ...ANSWERS, email: spammer }, { _website: "https://spam.example", duration: 30 });
  const [stored] = await seed.db.select({ spam: submissions.spam }).from(submissions).where(eq(submissions.id, spamId));
  expect(stored!.spam).toBe(true);
  const person = freshAddress("person");
  await submit(api, form.uuid, { ...ANSWERS, email: person });
  await waitForMail(person);
  await waitForMail(org.email);
  expect(await mailTo(spammer)).toEqual([]);
  expect(await mailTo(org.email)).toHaveLength(1);
  const queued = await seed.db
    .select({ key: mailMessages.idempotencyKey })
    .from(mailMessages)
    .where(sql`${mailMessages.idempotencyKey} like ${`%${spamId}%`}`);
  expect(queued).toEqual([]);
});

test.describe("the unsubscribe link", () => {
  async function notified(seed: Seed, api: ApiClient): Promise<{ org: SeededOrg; formUuid: string; formId: number; link: string }> {
    const { org, form } = await formWithMail(seed);
    await submit(api, form.uuid, { ...ANSWERS, email: freshAddress("respondent") });
    const [notification] = await waitForMail(org.email);
    const link = unsubscribeLink(notification!);
    expect(notification!.parsed.text).toContain(`Unsubscribe: ${link}`);
    return { org, formUuid: form.uuid, formId: form.id, link };
  }
  const subscribed = async (seed: Seed, org: SeededOrg, formId: number) =>
    (
      await seed.db
        .select()
        .from(formNotifications)
        .where(and(eq(formNotifications.userId, org.userId), eq(formNotifications.formId, formId)))
    ).length === 1;

  test("GET asks and changes nothing; a one-click POST from a mail client turns the notifications off", async ({ seed, api, request }) => {
    const { org, formUuid, formId, link } = await notified(seed, api);
    const path = new URL(link).pathname;

    const page = await request.get(path);
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).toContain("Stop emails about Contact us?");
    expect(html).toContain("You get an email about each new response to this form.");
    expect(html).toMatch(/<form [^>]*method="post"/);
    expect(html).toContain(`action="${path}"`);
    expect(page.headers()["x-frame-options"]).toBe("DENY");
    expect(page.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(page.headers()["cache-control"]).toBe("no-store");
    expect((await request.head(path)).status()).toBe(200);
    expect(await subscribed(seed, org, formId)).toBe(true);

    // RFC 8058: the mail provider's server posts, cross-site, with no session and no token of ours.
    const oneClick = await request.post(path, {
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://mail.provider.example",
        "sec-fetch-site": "cross-site",
      },
      data: "List-Unsubscribe=One-Click",
      maxRedirects: 0,
    });
    expect(oneClick.status()).toBe(200);
    expect(await oneClick.text()).toContain("You get no more emails about new responses to <strong>Contact us</strong>.");
    expect(await subscribed(seed, org, formId)).toBe(false);

    // The next response mails the respondent, not the member.
    const next = freshAddress("next");
    await submit(api, formUuid, { ...ANSWERS, email: next });
    await waitForMail(next);
    expect(await mailTo(org.email)).toHaveLength(1);
    // Opened again: it says so, and a second POST is as good as the first.
    expect(await (await request.get(path)).text()).toContain("<h1>Unsubscribed</h1>");
    expect((await request.post(path, { form: { unsubscribe: "" } })).status()).toBe(200);
  });

  test("a forged or cut-short token is a 404 page with a sentence, and a POST with it changes nothing", async ({ seed, api, request }) => {
    const { org, formId, link } = await notified(seed, api);
    const path = new URL(link).pathname;
    const forged = path.replace(/\.[\w-]{32}$/, `.${"A".repeat(32)}`);
    const otherForm = path.replace(/f(\d+)\./, (_, id) => `f${Number(id) + 1}.`);
    for (const bad of [forged, otherForm, path.slice(0, -1), "/mail/unsubscribe/nothing", "/mail/unsubscribe/%E2%80%AE"]) {
      const get = await request.get(bad);
      expect(get.status(), bad).toBe(404);
      expect(await get.text()).toContain("This unsubscribe link is not valid");
      const post = await request.post(bad, {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        data: "List-Unsubscribe=One-Click",
      });
      expect(post.status(), bad).toBe(404);
    }
    expect(await subscribed(seed, org, formId)).toBe(true);
  });
});

test("a member on the digest gets one message a day counting the new non-spam responses, with a link to them", async ({ seed, api }) => {
  const { org, form } = await publishedForm(seed);
  await seed.db.insert(formNotifications).values({ userId: org.userId, formId: form.id, mode: "digest" });
  await submit(api, form.uuid, { ...ANSWERS, email: freshAddress("a") });
  await submit(api, form.uuid, { ...ANSWERS, email: freshAddress("b") });
  await submit(api, form.uuid, { ...ANSWERS, email: freshAddress("c") }, { _website: "https://spam.example" });
  // A day has passed (and the responses have settled).
  const day = sql`interval '1 day 2 minutes'`;
  await seed.db
    .update(formNotifications)
    .set({ digestThrough: sql`${formNotifications.digestThrough} - ${day}` })
    .where(eq(formNotifications.formId, form.id));
  await seed.db
    .update(submissions)
    .set({ createdAt: sql`${submissions.createdAt} - interval '2 minutes'` })
    .where(eq(submissions.formId, form.id));

  // The statement the mail workers run every minute (server/mail/queue.ts), run now.
  await queueDigests(seed.db, { appUrl: process.env.APP_URL ?? "http://localhost" });
  const [digest] = await waitForMail(org.email);
  expect(digest!.parsed.subject).toBe("2 new responses to Contact us");
  expect(digest!.parsed.text).toContain("Contact us received 2 new responses since");
  expect(digest!.parsed.text).toMatch(new RegExp(`See the responses: http[^\\s]+/submissions\\?form=${form.uuid}`));
  expect(unsubscribeLink(digest!)).toMatch(/\/mail\/unsubscribe\/u\d+f\d+\.[\w-]{32}$/);
  // Its period has moved on: running again sends nothing more.
  await queueDigests(seed.db, { appUrl: "http://localhost" });
  const digests = await seed.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.formId, form.id), eq(mailMessages.kind, "digest")));
  expect(digests).toHaveLength(1);
});
