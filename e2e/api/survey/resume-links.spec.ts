import { and, eq, sql } from "drizzle-orm";
import { mailMessages, partialResponses, resumeLinks } from "../../../db/schema";
import { expect, test, type Seed } from "../../fixtures";
import { freshAddress, linkIn, waitForMail } from "../../mail/mailbox";
import { createLinks, LOGIC_FORM, linkSubmitPath, storedRows, submitPath } from "./survey-fixtures";

/**
 * "Save and continue later" (issue 26) over real HTTP, as a browser without JavaScript posts it:
 * the answers are kept, a link to continue is mailed (read from the suite's mail server), and
 * opening it in another browser resumes on the page where the respondent left; the link ends
 * with the response, its 30 days, or caps like receipts' — answered alike for any address.
 */

const partialsOf = (seed: Seed, formId: number) => seed.db.select().from(partialResponses).where(eq(partialResponses.formId, formId));
const resumeMailOf = (seed: Seed, formId: number) =>
  seed.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.formId, formId), eq(mailMessages.kind, "resume_link")))
    .orderBy(mailMessages.createdAt);

const SAVED = "Your answers are saved";

/** Another browser: plain fetch with its own cookie, redirects not followed. */
async function otherBrowser(url: string, cookie?: string) {
  const res = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

test("Save mails a link; another browser opens it on the page where the respondent left, answers kept; it ends with the response", async ({
  seed,
  request,
  baseURL,
}) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, LOGIC_FORM, { publish: true });
  const to = freshAddress("resume");

  // The control is on the stepped page (mail is configured for the suite).
  const opened = await (await request.get(`/f/${form.uuid}`)).text();
  expect(opened).toContain("Save and continue later");
  expect(opened).toContain('name="_save_email"');

  // Page 1 complete: saved as a step forward (the link resumes on page 2).
  const requestId = `resume-${Date.now().toString(36)}`;
  const saved = await request.fetch(submitPath(form.uuid), {
    method: "POST",
    form: { _page: "0", _step: "save", _save_email: ` ${to.toUpperCase()} `, email: "ada@example.com", plan: "team" },
    headers: { "x-request-id": requestId },
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(200);
  expect(saved.headers()["set-cookie"]).toMatch(/^fh_respondent=/);
  const html = await saved.text();
  expect(html).toContain(SAVED);
  expect(html).toContain(to);
  expect(html).toContain('name="_page" value="1"');
  const [partial] = await partialsOf(seed, form.id);
  expect(partial).toMatchObject({ data: { email: "ada@example.com", plan: "team" }, page: 1, furthestPage: 1, completedAt: null });
  // The address is no answer: not kept with the partial's values.
  expect(JSON.stringify(partial!.formValues)).not.toContain(to);
  const [logged] = await resumeMailOf(seed, form.id);
  expect(logged).toMatchObject({ toAddress: to, subject: "Continue Signup", organizationId: org.organizationId, requestId });
  const [link] = await seed.db.select().from(resumeLinks).where(eq(resumeLinks.partialId, partial!.id));
  expect(link!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  expect(link!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29.9 * 86_400_000);

  const [mail] = await waitForMail(to);
  expect(mail!.parsed.subject).toBe("Continue Signup");
  const url = linkIn(mail!, `${baseURL}/f/${form.uuid}/resume/`);
  const token = url.split("/").at(-1)!;
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // Only the hash is stored, and the log loses the link once the message is sent.
  expect(JSON.stringify(await seed.db.select().from(resumeLinks))).not.toContain(token);
  await expect
    .poll(async () => JSON.stringify((await resumeMailOf(seed, form.id))[0]!.content))
    .toBe(JSON.stringify({ formName: "Signup" }));

  // A mail scanner's look moves nothing.
  const scanned = await fetch(url, { redirect: "manual", headers: { "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0)" } });
  expect(scanned.status).toBe(303);
  expect((await partialsOf(seed, form.id))[0]!.respondentKey).toBe(partial!.respondentKey);

  // Another browser (no cookie): a 303 to the form with its own respondent id, then page 2 with the answers kept.
  const there = await otherBrowser(url);
  expect(there.status).toBe(303);
  expect(there.headers.get("location")).toBe(`/f/${form.uuid}`);
  // The token's address never leaves as a referrer to another site.
  expect(there.headers.get("referrer-policy")).toBe("same-origin");
  const cookie = there.headers.get("set-cookie")!.split(";")[0]!;
  expect(cookie).toMatch(/^fh_respondent=[0-9a-f-]{36}$/);
  const page2 = await otherBrowser(new URL(`/f/${form.uuid}`, baseURL).href, cookie);
  expect(page2.status).toBe(200);
  expect(page2.text).toContain('name="_page" value="1"');
  expect(page2.text).toContain('value="ada@example.com"');
  // The response moved to that browser: the first one starts afresh now.
  expect(await (await request.get(`/f/${form.uuid}`)).text()).toContain('name="_page" value="0"');
  expect(await partialsOf(seed, form.id)).toHaveLength(1);

  // Finished in the other browser: the link is used up (the same page as an unknown one, no data).
  const finish = await fetch(new URL(submitPath(form.uuid), baseURL), {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ _page: "1", _step: "next", email: "ada@example.com", plan: "team", team_size: "4" }),
  });
  expect(finish.status).toBe(200);
  const done = await fetch(new URL(submitPath(form.uuid), baseURL), {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ _page: "2", email: "ada@example.com", plan: "team", team_size: "4" }),
  });
  expect(done.status).toBe(303);
  expect(await storedRows(seed, form.id)).toHaveLength(1);
  const used = await otherBrowser(url, cookie);
  expect(used.status).toBe(404);
  expect(used.text).toContain("This link no longer works");
  expect(used.text).not.toContain("ada@example.com");
  // Starting again in that browser renews the partial: the old link still opens nothing.
  await fetch(new URL(submitPath(form.uuid), baseURL), {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ _page: "0", _step: "next", email: "bob@example.com", plan: "free" }),
  });
  expect((await partialsOf(seed, form.id))[0]!.completedAt).toBeNull();
  expect((await otherBrowser(url)).status).toBe(404);
});

test("an incomplete page is saved as typed and resumes on that page; a bad address is refused with nothing kept", async ({
  seed,
  request,
}) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, LOGIC_FORM, { publish: true });
  const post = (fields: Record<string, string>) => request.fetch(submitPath(form.uuid), { method: "POST", form: fields, maxRedirects: 0 });

  for (const bad of ["", "not-an-address", "a@b@c", `${"x".repeat(250)}@example.com`]) {
    const refused = await post({ _page: "0", _step: "save", _save_email: bad, email: "ada@example.com" });
    expect(refused.status()).toBe(422);
    const html = await refused.text();
    expect(html).toContain("Enter your email address, like name@example.com, to get a link to continue");
    expect(html).toContain('value="ada@example.com"');
    expect(html).not.toContain(SAVED);
  }
  expect(await partialsOf(seed, form.id)).toHaveLength(0);
  expect(await resumeMailOf(seed, form.id)).toHaveLength(0);

  // Plan missing: page 1 is incomplete, so the link resumes on it with what was typed, nothing counted as answered.
  const to = freshAddress("resume-incomplete");
  const saved = await post({ _page: "0", _step: "save", _save_email: to, email: "ada@example.com" });
  expect(saved.status()).toBe(200);
  const html = await saved.text();
  expect(html).toContain(SAVED);
  expect(html).toContain('name="_page" value="0"');
  expect(html).not.toContain("There is a problem");
  expect(await partialsOf(seed, form.id)).toMatchObject([{ data: {}, formValues: { email: "ada@example.com" }, page: 0 }]);
  expect(await resumeMailOf(seed, form.id)).toMatchObject([{ toAddress: to, status: expect.stringMatching(/^(pending|sent)$/) }]);
});

test("links to continue are capped per address per day and per form per hour, answered alike; capped ones make no link", async ({
  seed,
  request,
}) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, LOGIC_FORM, { publish: true });
  const to = freshAddress("resume-cap");
  const save = async (address: string) => {
    const res = await request.fetch(submitPath(form.uuid), {
      method: "POST",
      form: { _page: "0", _step: "save", _save_email: address, email: "ada@example.com", plan: "free" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(SAVED);
    return html.replace(/name="_start" value="[^"]*"/, "").replace(/"buildId":"[^"]*"/, "");
  };
  for (let i = 0; i < 5; i++) await save(to);
  await save(to);
  const rows = await resumeMailOf(seed, form.id);
  expect(rows.map((r) => r.status === "capped")).toEqual([false, false, false, false, false, true]);
  expect(rows[5]).toMatchObject({
    lastReply: "Not sent: this address reached its limit of 5 links to continue a day",
    content: { formName: "Signup" },
  });
  expect(rows[5]!.nextAttemptAt).toBeNull();
  expect(await seed.db.select().from(resumeLinks).where(eq(resumeLinks.formId, form.id))).toHaveLength(5);

  // The form's hour: 100 messages already in the log (as earlier saves made them), then any address is capped.
  await seed.db.execute(sql`
    insert into mail_messages (organization_id, form_id, kind, to_address, subject, content, idempotency_key, status)
    select ${org.organizationId}::int, ${form.id}::int, 'resume_link', 'r' || g || '@example.test', 'Continue Signup', '{}'::jsonb,
      'e2e-resume:' || ${form.id}::int || ':' || g, 'unsent'
    from generate_series(1, 100) g`);
  const other = freshAddress("resume-cap-form");
  await save(other);
  const [capped] = await seed.db.select().from(mailMessages).where(eq(mailMessages.toAddress, other));
  expect(capped).toMatchObject({ status: "capped", lastReply: "Not sent: this form reached its limit of 100 links to continue an hour" });
});

test("a unique link's save leads back to the link; unknown, expired, mangled and another form's tokens open nothing", async ({
  seed,
  request,
  baseURL,
}) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, LOGIC_FORM, { publish: true });
  const [link] = await createLinks(seed, org.organizationId, form.uuid, [{}]);
  const to = freshAddress("resume-link");
  const saved = await request.fetch(linkSubmitPath(link!.id), {
    method: "POST",
    form: { _page: "0", _step: "save", _save_email: to, email: "ada@example.com", plan: "team" },
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(200);
  const [mail] = await waitForMail(to);
  const url = linkIn(mail!, `${baseURL}/u/${link!.id}/resume/`);
  // Nothing in the mail leads to the public form.
  expect(mail!.parsed.text).not.toContain(form.uuid);
  const there = await otherBrowser(url);
  expect(there.status).toBe(303);
  expect(there.headers.get("location")).toBe(`/u/${link!.id}`);
  expect(there.headers.get("set-cookie")).toBeNull();
  const page = await otherBrowser(new URL(`/u/${link!.id}`, baseURL).href);
  expect(page.text).toContain('name="_page" value="1"');

  // The same token under another form, or a link's token under the form: nothing.
  const token = url.split("/").at(-1)!;
  const other = await seed.form(org.organizationId, LOGIC_FORM, { publish: true });
  for (const path of [
    `/f/${other.uuid}/resume/${token}`,
    `/f/${form.uuid}/resume/${token}`,
    `/f/${form.uuid}/resume/${"A".repeat(43)}`,
    `/f/${form.uuid}/resume/short`,
    `/f/${form.uuid}/resume/${"A".repeat(500)}`,
    `/f/not-a-uuid/resume/${token}`,
  ]) {
    const res = await otherBrowser(new URL(path, baseURL).href);
    expect(res.status, path).toBe(404);
    expect(res.text).toContain("This link no longer works");
  }
  // Past its 30 days: nothing either.
  await seed.db.execute(sql`update resume_links set expires_at = now() - interval '1 second' where form_id = ${form.id}`);
  const expired = await otherBrowser(url);
  expect(expired.status).toBe(404);
  expect(expired.text).toContain("This link no longer works");
});
