import type { Page } from "@playwright/test";
import { expect, test } from "../../fixtures";
import { LOGIC_FORM, storedRows } from "../../api/survey/survey-fixtures";
import { expectNoAxeViolations, expectNoHorizontalScroll } from "../a11y";
import { openSurvey } from "./survey-helpers";

/**
 * A three-page form with a skipped page and two endings (issue 26), in Chromium with and
 * without JavaScript: each step is a form post the server checks, the progress bar counts the
 * pages shown for the answers so far, and the ending follows the answers.
 */

const isTeam = { all: [{ field: "plan", op: "is_equal_to", value: "o_team" }] };
/** The logic form, with a question on the first page shown as the plan is picked, and no redirect (no network in tests). */
const FORM = {
  ...LOGIC_FORM,
  elements: [
    ...LOGIC_FORM.elements.slice(0, 2),
    { id: "referrer", label: "Who referred your team?", type: "short-text", showIf: isTeam },
    ...LOGIC_FORM.elements.slice(2),
  ],
  endings: [{ id: "end_team", title: "Welcome aboard", message: "We will call you.", showIf: isTeam }, LOGIC_FORM.endings[1]],
};

const progress = (page: Page) => page.getByRole("progressbar", { name: "Progress" });

test.describe("with JavaScript", () => {
  test("conditions show and hide as the respondent answers; Next, Back and the team ending", async ({ page, seed }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, FORM, { publish: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await openSurvey(page, `/f/${form.uuid}`);
    await expect(page.getByText("Tell us about you")).toBeVisible();
    await expect(progress(page)).toHaveAttribute("aria-valuenow", "1");
    await expect(progress(page)).toHaveAttribute("aria-valuemax", "2");
    await expect(page.getByLabel("Who referred your team?")).toBeHidden();
    await expect(page.getByRole("button", { name: "Back" })).toHaveCount(0);

    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByRole("radio", { name: "Team" }).check();
    await expect(page.getByLabel("Who referred your team?")).toBeVisible();
    await expect(progress(page)).toHaveAttribute("aria-valuemax", "3");
    await expectNoAxeViolations(page, "page 1 of the logic form");
    await expectNoHorizontalScroll(page, "page 1 at 390 px");

    // By keyboard: Enter in a field is Next.
    await page.getByLabel("Who referred your team?").fill("Grace");
    await page.getByLabel("Who referred your team?").press("Enter");
    await expect(page.getByRole("heading", { level: 2, name: "Your team" })).toBeVisible();
    await expect(progress(page)).toHaveAttribute("aria-valuenow", "2");
    await page.getByLabel("Team size").fill("1");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("alert", { name: "There is a problem" })).toContainText("Team size: Enter a number between 2 and 500");
    await page.getByLabel("Team size").fill("40");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Almost done" })).toBeVisible();
    await expect(page.getByLabel("Why a team?")).toBeVisible();
    await expect(page.getByPlaceholder("Optional")).toBeVisible();
    await expect(page.getByText("We read everything")).toBeVisible();
    await expectNoAxeViolations(page, "page 3 of the logic form");

    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByLabel("Team size")).toHaveValue("40");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Why a team?").fill("We are many");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(new RegExp(`/f/${form.uuid}/thanks\\?ending=end_team$`));
    await expect(page.getByRole("heading", { level: 1, name: "Welcome aboard" })).toBeVisible();
    await expect(page.getByText("We will call you.")).toBeVisible();
    const [row] = await storedRows(seed, form.id);
    expect(row!.data).toEqual({ email: "ada@example.com", plan: "team", referrer: "Grace", team_size: 40, why: "We are many" });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("each step is a form post: errors stay on the page, the team page is skipped for the free plan, the free ending", async ({
    page,
    seed,
  }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, FORM, { publish: true });
    await page.goto(`/f/${form.uuid}`);
    await expect(progress(page)).toHaveAttribute("aria-valuetext", "Page 1 of 2");

    const [refused] = await Promise.all([
      page.waitForResponse(`**/f/${form.uuid}/submit`),
      page.getByRole("button", { name: "Next" }).click(),
    ]);
    expect(refused.status()).toBe(422);
    await expect(page.getByRole("alert").getByRole("listitem")).toHaveText([
      "Email: This field is required",
      "Plan: This field is required",
    ]);

    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Free").check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Almost done" })).toBeVisible();
    await expect(progress(page)).toHaveAttribute("aria-valuetext", "Page 2 of 2");
    await expect(page.getByLabel("Why a team?")).toBeHidden();

    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByLabel("Email")).toHaveValue("ada@example.com");
    await expect(page.getByLabel("Free")).toBeChecked();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Anything else?").fill("Thanks");
    await page.waitForTimeout(2100);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(new RegExp(`/f/${form.uuid}/thanks\\?ending=end_thanks$`));
    await expect(page.getByRole("heading", { level: 1, name: "Thanks!" })).toBeVisible();
    const [row] = await storedRows(seed, form.id);
    expect(row!.data).toEqual({ email: "ada@example.com", plan: "free", note: "Thanks" });
  });
});

test("resume: a closed browser context opened again with its cookies is back on the page it left, answers kept", async ({
  browser,
  seed,
  baseURL,
}) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, FORM, { publish: true });
  const first = await browser.newContext({ baseURL });
  const page = await first.newPage();
  await openSurvey(page, `/f/${form.uuid}`);
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByRole("radio", { name: "Team" }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Your team" })).toBeVisible();
  const state = await first.storageState();
  await first.close();

  const again = await browser.newContext({ baseURL, storageState: state });
  const resumed = await again.newPage();
  await openSurvey(resumed, `/f/${form.uuid}`);
  await expect(resumed.getByRole("heading", { level: 2, name: "Your team" })).toBeVisible();
  await expect(progress(resumed)).toHaveAttribute("aria-valuenow", "2");
  await resumed.getByRole("button", { name: "Back" }).click();
  await expect(resumed.getByLabel("Email")).toHaveValue("ada@example.com");
  await expect(resumed.getByRole("radio", { name: "Team" })).toBeChecked();
  await again.close();
});
