import { expect, test } from "../../fixtures";
import { LOGIC_FORM, storedRows } from "../../api/survey/survey-fixtures";
import { freshAddress, linkIn, waitForMail } from "../../mail/mailbox";
import { expectNoAxeViolations, expectNoHorizontalScroll } from "../a11y";
import { openSurvey } from "./survey-helpers";

/**
 * "Save and continue later" in Chromium (issue 26): page 1 filled, the link mailed (read from
 * the suite's mail server) and opened in a new browser context, which lands on page 2 with the
 * answers kept and finishes; by keyboard, at 390 px, with axe; and without JavaScript.
 */

/** The logic form without its redirect ending (no network in tests). */
const FORM = { ...LOGIC_FORM, endings: [{ id: "end_thanks", title: "Thanks!", message: "Enjoy." }] };

// Two browser contexts, a mail round trip and five axe runs.
test.slow();

test("with JavaScript: save on page 1, open the mailed link in a new context, go on from page 2 and finish", async ({
  page,
  browser,
  seed,
  baseURL,
}) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, FORM, { publish: true });
  const to = freshAddress("resume-ui");
  await page.setViewportSize({ width: 390, height: 844 });
  await openSurvey(page, `/f/${form.uuid}`);
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByRole("radio", { name: "Team" }).check();

  // By keyboard: the disclosure opens with Enter, Enter in the address saves.
  const disclosure = page.getByText("Save and continue later");
  await disclosure.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Send the link to")).toBeVisible();
  await expectNoAxeViolations(page, "the open Save and continue later panel");
  await expectNoHorizontalScroll(page, "the Save panel at 390 px");
  // A bad address: the problem beside the field, nothing saved.
  await page.getByLabel("Send the link to").fill("ada-at-example");
  await page.getByLabel("Send the link to").press("Enter");
  await expect(page.getByLabel("Send the link to")).toHaveAccessibleDescription(
    /Enter your email address, like name@example.com, to get a link to continue/,
  );
  await expect(page.getByLabel("Send the link to")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Send the link to")).toBeFocused();
  await expect(page.getByLabel("Email")).toHaveValue("ada@example.com");
  await expectNoAxeViolations(page, "the Save panel with its problem");

  await page.getByLabel("Send the link to").fill(to);
  await page.getByLabel("Send the link to").press("Enter");
  const saved = page.getByRole("status").filter({ hasText: "Your answers are saved" });
  await expect(saved).toContainText("Your answers are saved");
  await expect(saved).toContainText(to);
  await expect(saved).toBeFocused();
  await expect(page.getByRole("heading", { level: 2, name: "Your team" })).toBeVisible();
  await expectNoAxeViolations(page, "the page after a save");
  await expectNoHorizontalScroll(page, "the page after a save at 390 px");

  const [mail] = await waitForMail(to);
  const url = linkIn(mail!, `${baseURL}/f/${form.uuid}/resume/`);

  // Another browser altogether.
  const other = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const resumed = await other.newPage();
  await resumed.goto(url);
  await resumed.waitForFunction(() => document.querySelector("form#survey") !== null);
  await expect(resumed).toHaveURL(new RegExp(`/f/${form.uuid}$`));
  await expect(resumed.getByRole("heading", { level: 2, name: "Your team" })).toBeVisible();
  await expect(resumed.getByRole("progressbar", { name: "Progress" })).toHaveAttribute("aria-valuenow", "2");
  await resumed.getByRole("button", { name: "Back" }).click();
  await expect(resumed.getByLabel("Email")).toHaveValue("ada@example.com");
  await expect(resumed.getByRole("radio", { name: "Team" })).toBeChecked();
  await resumed.getByRole("button", { name: "Next" }).click();
  await resumed.getByLabel("Team size").fill("4");
  await resumed.getByRole("button", { name: "Next" }).click();
  await resumed.getByLabel("Anything else?").fill("Saved and back");
  await resumed.waitForTimeout(2100);
  await resumed.getByRole("button", { name: "Submit" }).click();
  await expect(resumed.getByRole("heading", { level: 1, name: "Thanks!" })).toBeVisible();
  const [row] = await storedRows(seed, form.id);
  expect(row!.data).toEqual({ email: "ada@example.com", plan: "team", team_size: 4, note: "Saved and back" });

  // The link is used up now: a plain page that says so, accessible and narrow.
  await resumed.goto(url);
  await expect(resumed.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
  await expectNoAxeViolations(resumed, "the used-up link's page");
  await expectNoHorizontalScroll(resumed, "the used-up link's page at 390 px");
  await other.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Save is a form post: the page comes back on the next page with the notice; the link resumes there", async ({
    page,
    browser,
    seed,
    baseURL,
  }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, FORM, { publish: true });
    const to = freshAddress("resume-nojs");
    await page.goto(`/f/${form.uuid}`);
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Free").check();
    await page.getByText("Save and continue later").click();
    await page.getByLabel("Send the link to").fill(to);
    const [response] = await Promise.all([
      page.waitForResponse(`**/f/${form.uuid}/submit`),
      page.getByRole("button", { name: "Email me a link" }).click(),
    ]);
    expect(response.status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: "Your answers are saved" })).toBeVisible();
    // The free plan skips the team page: the next page shown is the last.
    await expect(page.getByRole("heading", { level: 2, name: "Almost done" })).toBeVisible();

    const [mail] = await waitForMail(to);
    const other = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const resumed = await other.newPage();
    await resumed.goto(linkIn(mail!, `${baseURL}/f/${form.uuid}/resume/`));
    await expect(resumed.getByRole("heading", { level: 2, name: "Almost done" })).toBeVisible();
    await resumed.getByRole("button", { name: "Back" }).click();
    await expect(resumed.getByLabel("Email")).toHaveValue("ada@example.com");
    await other.close();
  });
});
