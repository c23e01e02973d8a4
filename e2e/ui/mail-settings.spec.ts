import { eq } from "drizzle-orm";
import { memberships } from "../../db/schema";
import { setSinkPassword, waitForMail } from "../mail/mailbox";
import { expect, test, type SeededOrg } from "../fixtures";
import { bodyRows, openDashboardPage, signIn, tabTo } from "./helpers";
import { expectAccessibleAndNarrow } from "./page-checks";

/** Settings → Mail: the mail server, Send test email with the server's own answer, and the mail log with Resend. */

/** The password the server under test logs in to the suite's mail server with (its SMTP_URL). */
const sinkPassword = () => decodeURIComponent(new URL(process.env.SMTP_URL ?? "smtp://x:sink-password@x").password);

test.describe.serial("Send test email, against a mail server that accepts and then refuses the login", () => {
  let org: SeededOrg;

  test("the page passes axe and fits 390 px; Send test email, by keyboard, shows the server's reply and the message arrives", async ({
    page,
    seed,
  }) => {
    test.setTimeout(90_000);
    org = await seed.org();
    await signIn(page, org.email, org.password);
    // The Settings group of the navigation leads to the page.
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("list", { name: "Settings" })).toBeVisible();
    await nav.getByRole("list", { name: "Settings" }).getByRole("link", { name: "Mail" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Mail" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Mail" })).toHaveAttribute("aria-current", "page");

    const server = page.getByRole("region", { name: "Mail server" });
    await expect(server).toContainText(/Sends through\s*smtp:\/\/127\.0\.0\.1:\d+ \(STARTTLS when offered, with a login\)/);
    await expect(server).toContainText("Formhouse <forms@formhouse.test>");
    await expect(server).not.toContainText(sinkPassword());
    await expect(page.getByTestId("mail-counts")).toHaveText("0 messages waiting to be sent, 0 messages failed.");
    await expect(page.getByRole("heading", { name: "No messages yet" })).toBeVisible();
    await expectAccessibleAndNarrow(page, "mail-settings-empty");

    const send = page.getByRole("button", { name: "Send test email" });
    await tabTo(page, send);
    await page.keyboard.press("Enter");
    const outcome = page.getByTestId("mail-test-outcome");
    await expect(outcome).toHaveText(new RegExp(`^Sent to ${org.email.replace(/[.]/g, "\\.")}: 250 `));
    const [mail] = await waitForMail(org.email);
    expect(mail!.parsed.subject).toBe("Formhouse test message");

    await expect(bodyRows(page)).toHaveCount(1);
    const row = bodyRows(page).first();
    for (const text of [org.email, "Formhouse test message", "Test message", "Sent"]) await expect(row).toContainText(text);
    await expect(page.getByRole("columnheader", { name: "Created" })).toHaveAttribute("aria-sort", "descending");
    await expectAccessibleAndNarrow(page, "mail-settings-sent");
  });

  test("with a wrong password the page shows the server's own 535; the log shows both; Resend sends the failed one", async ({ page }) => {
    test.setTimeout(90_000);
    await openDashboardPage(page, org, "/settings/mail", "Mail");
    await expect(bodyRows(page)).toHaveCount(1);
    const outcome = page.getByTestId("mail-test-outcome");
    await setSinkPassword("wrong");
    try {
      await page.getByRole("button", { name: "Send test email" }).click();
      await expect(outcome.getByRole("alert")).toHaveText(`Could not send to ${org.email}: 535 Authentication credentials invalid`);
    } finally {
      await setSinkPassword(sinkPassword());
    }

    // Newest first: the failed test above the one sent before.
    await expect(bodyRows(page)).toHaveCount(2);
    const [failed, sent] = [bodyRows(page).nth(0), bodyRows(page).nth(1)];
    await expect(failed).toContainText("Failed");
    await expect(failed).toContainText("535 Authentication credentials invalid");
    await expect(sent).toContainText("Sent");
    await expect(page.getByTestId("mail-counts")).toHaveText("0 messages waiting to be sent, 1 message failed.");

    // The status filter, by keyboard: Failed shows the failed one only.
    const filter = page.getByLabel("Show", { exact: true });
    await tabTo(page, filter);
    await filter.selectOption("failed");
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(page).toHaveURL(/\?status=failed$/);
    await expectAccessibleAndNarrow(page, "mail-settings-failed");

    const resend = bodyRows(page)
      .first()
      .getByRole("button", { name: /^Resend the message to / });
    await tabTo(page, resend);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toContainText(
      `The message to ${org.email} (“Formhouse test message”) is queued to be sent again.`,
    );
    await waitForMail(org.email, { count: 2 });
    // The list reads itself again while a message waits, so the outcome shows without a reload.
    await filter.selectOption("");
    await expect(bodyRows(page).first()).toContainText("Sent", { timeout: 15_000 });
    await expect(bodyRows(page).first().locator("td.num")).toHaveText("2");
    await expect(page.getByTestId("mail-counts")).toHaveText("0 messages waiting to be sent, 0 messages failed.");
  });
});

test("a member who may not manage mail sees no Settings group, and the page says who may", async ({ page, seed }) => {
  const org = await seed.org();
  await seed.db.update(memberships).set({ role: "editor" }).where(eq(memberships.userId, org.userId));
  await signIn(page, org.email, org.password);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Mail" })).toHaveCount(0);
  await page.goto("/settings/mail");
  // (Next's route announcer is an alert too, outside main.)
  const refusal = page.locator("main").getByRole("alert");
  await expect(refusal).toContainText("You cannot manage mail");
  await expect(refusal).toContainText("Only an owner can manage the organization's mail.");
  await expect(page.getByRole("button", { name: "Send test email" })).toHaveCount(0);
});
