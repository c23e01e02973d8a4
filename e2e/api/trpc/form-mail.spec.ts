import { and, eq } from "drizzle-orm";
import { formNotifications, formReceipts } from "../../../db/schema";
import { expect, test, type Seed } from "../../fixtures";
import { CONTACT_ELEMENTS } from "../form-fixtures";
import { dashboardCaller } from "../dashboard-caller";

/** The dashboard's mail settings of a form: a member's notifications and the form's receipt, each checked at its field. */

const callerFor = dashboardCaller;

async function contactForm(seed: Seed) {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, { name: "Contact us", elements: CONTACT_ELEMENTS }, { publish: true });
  return { org, form, caller: callerFor(org) };
}

type ReceiptText = { emailField: string; subject: string; message: string };
const RECEIPT = { enabled: true as const, emailField: "email", subject: "Thanks, {{Your name: First name}}", message: "Hi {{Your name}}" };

test("a member chooses each, digest or none for a form; choosing the digest anew starts its period now", async ({ seed }) => {
  const { org, form, caller } = await contactForm(seed);
  const row = async () =>
    (
      await seed.db
        .select()
        .from(formNotifications)
        .where(and(eq(formNotifications.userId, org.userId), eq(formNotifications.formId, form.id)))
    )[0];
  expect((await caller.formMail.get({ formUuid: form.uuid })).notifications).toBe("none");

  expect(await caller.formMail.updateNotifications({ formUuid: form.uuid, mode: "each" })).toEqual({ mode: "each" });
  expect((await caller.formMail.get({ formUuid: form.uuid })).notifications).toBe("each");
  const past = new Date(Date.now() - 3 * 86_400_000);
  await seed.db.update(formNotifications).set({ digestThrough: past }).where(eq(formNotifications.formId, form.id));

  await caller.formMail.updateNotifications({ formUuid: form.uuid, mode: "digest" });
  const digest = await row();
  expect(digest!.mode).toBe("digest");
  expect(Math.abs(digest!.digestThrough.getTime() - Date.now())).toBeLessThan(60_000);
  // Saving the same choice again keeps the period where it was.
  await seed.db.update(formNotifications).set({ digestThrough: past }).where(eq(formNotifications.formId, form.id));
  await caller.formMail.updateNotifications({ formUuid: form.uuid, mode: "digest" });
  expect((await row())!.digestThrough.getTime()).toBe(past.getTime());

  await caller.formMail.updateNotifications({ formUuid: form.uuid, mode: "none" });
  expect(await row()).toBeUndefined();
  expect((await caller.formMail.get({ formUuid: form.uuid })).notifications).toBe("none");
});

test("the settings list the form's email questions and the labels placeholders may name", async ({ seed }) => {
  const { form, caller } = await contactForm(seed);
  const settings = await caller.formMail.get({ formUuid: form.uuid });
  expect(settings).toMatchObject({ notifications: "none", receipt: null, emailQuestions: [{ id: "email", label: "Email" }] });
  expect(settings.placeholderLabels).toEqual(expect.arrayContaining(["Your name: First name", "Your name", "Email", "Message"]));
  expect(typeof settings.mailConfigured).toBe("boolean");
});

test("a receipt is saved with the member who saves it as its reply-to; switched off, its text stays", async ({ seed }) => {
  const { org, form, caller } = await contactForm(seed);
  expect(await caller.formMail.updateReceipt({ formUuid: form.uuid, ...RECEIPT, includeAnswers: true })).toEqual({ enabled: true });
  expect((await caller.formMail.get({ formUuid: form.uuid })).receipt).toEqual({
    enabled: true,
    emailField: "email",
    subject: "Thanks, {{Your name: First name}}",
    message: "Hi {{Your name}}",
    includeAnswers: true,
    replyTo: org.email,
  });
  const [stored] = await seed.db.select().from(formReceipts).where(eq(formReceipts.formId, form.id));
  expect(stored!.replyToUserId).toBe(org.userId);

  expect(await caller.formMail.updateReceipt({ formUuid: form.uuid, enabled: false })).toEqual({ enabled: false });
  expect((await caller.formMail.get({ formUuid: form.uuid })).receipt).toMatchObject({ enabled: false, subject: RECEIPT.subject });
});

test("receipt problems are answered at their fields, the unknown placeholders named, and nothing is saved", async ({ seed }) => {
  const { form, caller } = await contactForm(seed);
  const save = (change: Partial<ReceiptText>) =>
    caller.formMail.updateReceipt({ formUuid: form.uuid, ...RECEIPT, includeAnswers: false, ...change }).catch((e) => e);

  const issues = async (change: Partial<ReceiptText>) =>
    ((await save(change)).cause.issues as { path: unknown[]; message: string }[]).map((i) => [i.path, i.message]);
  expect(await issues({ subject: "Thanks\r\nBcc: x@evil.test", message: "  " })).toEqual([
    [["subject"], "The subject must be one line"],
    [["message"], "Enter a message"],
  ]);
  expect(await issues({ subject: "x".repeat(201), message: "y".repeat(5001) })).toEqual([
    [["subject"], "The subject must be at most 200 characters"],
    [["message"], "The message must be at most 5000 characters"],
  ]);
  expect(await issues({ subject: "   " })).toEqual([[["subject"], "Enter a subject"]]);

  const notEmail = await save({ emailField: "message" });
  expect(notEmail).toMatchObject({ code: "UNPROCESSABLE_CONTENT", message: "Choose one of the form's email questions" });
  expect(notEmail.cause.path).toEqual(["emailField"]);
  const unknownInSubject = await save({ subject: "Hi {{ Nickname }}" });
  expect(unknownInSubject.message).toBe("No question is labelled {{Nickname}}: use the labels listed below");
  expect(unknownInSubject.cause.path).toEqual(["subject"]);
  const unknownInMessage = await save({ message: "{{Email}} {{Shoe size}} {{}} {{Shoe size}} {{not closed" });
  expect(unknownInMessage.message).toBe("No questions are labelled {{Shoe size}}, {{}}: use the labels listed below");
  expect(unknownInMessage.cause.path).toEqual(["message"]);

  expect(await seed.db.select().from(formReceipts).where(eq(formReceipts.formId, form.id))).toEqual([]);
});

test("a form with no email question has nothing to send a receipt to", async ({ seed }) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, { elements: [{ id: "q", type: "short-text", label: "Name" }] }, { publish: true });
  const caller = callerFor(org);
  expect((await caller.formMail.get({ formUuid: form.uuid })).emailQuestions).toEqual([]);
  const r = await caller.formMail
    .updateReceipt({ formUuid: form.uuid, ...RECEIPT, emailField: "q", includeAnswers: false })
    .catch((e) => e);
  expect(r.cause.path).toEqual(["emailField"]);
});

test("another organization's form is a 404 for every mail procedure, and nothing changes", async ({ seed }) => {
  const { form } = await contactForm(seed);
  const intruder = callerFor(await seed.org());
  for (const attempt of [
    () => intruder.formMail.get({ formUuid: form.uuid }),
    () => intruder.formMail.updateNotifications({ formUuid: form.uuid, mode: "each" }),
    () => intruder.formMail.updateReceipt({ formUuid: form.uuid, ...RECEIPT, includeAnswers: false }),
    () => intruder.formMail.updateReceipt({ formUuid: form.uuid, enabled: false }),
  ])
    await expect(attempt()).rejects.toMatchObject({ code: "NOT_FOUND", message: "Form not found or not authorized" });
  expect(await seed.db.select().from(formNotifications).where(eq(formNotifications.formId, form.id))).toEqual([]);
  expect(await seed.db.select().from(formReceipts).where(eq(formReceipts.formId, form.id))).toEqual([]);
});
