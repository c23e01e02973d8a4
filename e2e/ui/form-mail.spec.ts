import { eq } from "drizzle-orm";
import { formNotifications, formReceipts } from "../../db/schema";
import { unsubscribeUrl } from "../../server/mail/unsubscribe";
import { publishedForm } from "../api/survey/survey-fixtures";
import { freshAddress, waitForMail } from "../mail/mailbox";
import { expect, test } from "../fixtures";
import { openDashboardPage } from "./helpers";
import { expectAccessibleAndNarrow } from "./page-checks";
import { openSurvey, submitAndThank } from "./survey/survey-helpers";

/** A form's email settings on its page, then a response through the real survey page, read in the suite's mailbox. */

test("an owner asks for each response and sets up a receipt; a respondent's answers reach both", async ({ page, seed }) => {
  test.setTimeout(120_000);
  const { org, form } = await publishedForm(seed);
  await openDashboardPage(page, org, `/forms/${form.uuid}`, "Contact us");
  const notifications = page.getByRole("form", { name: "Notifications" });
  const receipt = page.getByRole("form", { name: "Receipt to respondents" });
  await expect(notifications.getByRole("radio", { name: "Don't email me" })).toBeChecked();
  // The suite's server has a mail server: no notice about messages kept unsent.
  await expect(page.getByText("No mail server is set up yet")).toHaveCount(0);

  // Keyboard only: the arrows move through the choices, Tab reaches Save.
  await notifications.getByRole("radio", { name: "Don't email me" }).focus();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(notifications.getByRole("radio", { name: "Email me each new response" })).toBeChecked();
  await expect(notifications.getByRole("radio", { name: "Email me each new response" })).toHaveAccessibleDescription(
    "With its answers, as soon as it is stored.",
  );
  await page.keyboard.press("Tab");
  await expect(notifications.getByRole("button", { name: "Save notifications" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(notifications.getByRole("status")).toHaveText("Saved: you get an email about each new response.");

  await receipt.getByRole("checkbox", { name: "Send a receipt to respondents" }).focus();
  await page.keyboard.press("Space");
  await expect(receipt.getByLabel("Send to the answer of")).toHaveValue("email");
  await receipt.getByLabel("Subject").fill("Thanks, {{Nickname}}");
  await receipt.getByLabel("Message").fill("Hello {{Your name}},\n\nwe got your message and will answer soon.");
  await receipt.getByRole("checkbox", { name: "Include a copy of the answers" }).check();
  await receipt.getByText("The labels you can use").click();
  await expect(receipt.getByRole("listitem").filter({ hasText: "{{Your name: First name}}" })).toBeVisible();
  await receipt.getByRole("button", { name: "Save receipt" }).click();
  await expect(receipt.getByLabel("Subject")).toHaveAccessibleDescription(
    "No question is labelled {{Nickname}}: use the labels listed below",
  );
  await expect(receipt.getByRole("alert")).toHaveText("Please correct the fields marked above.");
  await expectAccessibleAndNarrow(page, "form-mail");

  await receipt.getByLabel("Subject").fill("Thanks, {{Your name: First name}}");
  await receipt.getByRole("button", { name: "Save receipt" }).click();
  await expect(receipt.getByRole("status")).toHaveText("Saved: respondents get a receipt, and their replies come to you.");
  const [saved] = await seed.db.select().from(formReceipts).where(eq(formReceipts.formId, form.id));
  expect(saved).toMatchObject({ enabled: true, emailField: "email", includeAnswers: true, replyToUserId: org.userId });
  await expect(receipt).toContainText(`(now ${org.email})`);

  // A respondent, through the survey page.
  const respondent = freshAddress("respondent");
  await openSurvey(page, `/f/${form.uuid}`);
  const name = page.getByRole("group", { name: "Your name" });
  await name.getByLabel("First name").fill("Ada");
  await name.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email", { exact: true }).first().fill(respondent);
  await page.getByLabel("Message").fill("Can you call me back?");
  await submitAndThank(page, form.uuid);

  const [notification] = await waitForMail(org.email);
  expect(notification!.parsed.subject).toBe("New response: Contact us");
  expect(notification!.parsed.text).toContain("Your name: First name:\nAda");
  expect(notification!.parsed.text).toContain("Message:\nCan you call me back?");

  const [mail] = await waitForMail(respondent);
  expect(mail!.parsed.subject).toBe("Thanks, Ada");
  expect(mail!.parsed.text).toContain("Hello Ada Lovelace,");
  expect(mail!.parsed.text).toContain("we got your message and will answer soon.");
  expect(mail!.parsed.text).toContain("Message:\nCan you call me back?");
  expect(mail!.parsed.replyTo?.text).toBe(org.email);
});

test("a form without an email question says a receipt has no address, and offers no switch", async ({ page, seed }) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, { name: "Poll", elements: [{ id: "q", type: "short-text", label: "Name" }] });
  await openDashboardPage(page, org, `/forms/${form.uuid}`, "Poll");
  const receipt = page.getByRole("form", { name: "Receipt to respondents" });
  const toggle = receipt.getByRole("checkbox", { name: "Send a receipt to respondents" });
  await expect(toggle).toBeDisabled();
  await expect(toggle).toHaveAccessibleDescription(/This form has no email question/);
  await expect(receipt.getByRole("button", { name: "Save receipt" })).toBeDisabled();
  await expectAccessibleAndNarrow(page, "form-mail-no-email");
});

test("the unsubscribe page asks first, then stops the emails, with the keyboard alone", async ({ page, seed, baseURL }) => {
  const { org, form } = await publishedForm(seed);
  await seed.db.insert(formNotifications).values({ userId: org.userId, formId: form.id, mode: "digest" });
  const link = await unsubscribeUrl(seed.db, baseURL!, org.userId, form.id);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Stop emails about Contact us?" })).toBeVisible();
  await expect(page.getByText("You get a daily email counting the new responses to this form.")).toBeVisible();
  await expectAccessibleAndNarrow(page, "unsubscribe");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Unsubscribed" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(new URL(link).pathname);
  expect(await seed.db.select().from(formNotifications).where(eq(formNotifications.formId, form.id))).toEqual([]);
  await expectAccessibleAndNarrow(page, "unsubscribed");

  await page.goto(`${link.slice(0, -4)}AAAA`);
  await expect(page.getByRole("heading", { level: 1, name: "Link not valid" })).toBeVisible();
  await expectAccessibleAndNarrow(page, "unsubscribe-invalid");
});
