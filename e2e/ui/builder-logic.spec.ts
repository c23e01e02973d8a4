import type { Locator, Page } from "@playwright/test";
import { expect, test, type ApiClient, type Seed } from "../fixtures";
import { openDashboardPage } from "./helpers";
import { expectNoAxeViolations, expectNoHorizontalScroll } from "./a11y";
import { choiceElement } from "../fixtures/elements";

/** The builder's logic (issue 26): page breaks, conditions, endings, field rules, field ids — by keyboard. */

test.slow();

const card = (page: Page, n: number) => page.locator("ol.bl-cards > li").nth(n - 1);
const saved = (page: Page) => expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 15_000 });
async function press(locator: Locator, key = "Enter") {
  await locator.focus();
  await locator.press(key);
}
/** Publish from the builder, then the form as GET /api/v2/forms/{id} serves it. */
async function publishAndRead(page: Page, seed: Seed, api: ApiClient, organizationId: number, formId: number) {
  await press(page.getByRole("button", { name: "Publish", exact: true }));
  await expect(page.getByTestId("publish-state")).toHaveText("Published");
  const token = await seed.token(organizationId, { scopes: ["form.view"] });
  return (await api.get(`/api/v2/forms/${formId}`, token)).body;
}

test("page breaks, a condition, a field rule, a renamed id and an ending, published and served as the form's JSON", async ({
  page,
  seed,
  api,
}) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, {
    name: "Signup",
    elements: [choiceElement("plan", "Plan", "radio", { o_free: ["Free", "free"], o_team: ["Team", "team"] })],
  });
  await openDashboardPage(page, org, `/forms/${form.uuid}/edit`, "Signup");
  const palette = page.getByRole("region", { name: "Add a field" });
  await expect(palette.getByRole("button", { name: "Page break" })).toBeEnabled();

  // A page break: its title starts as "Untitled page", selected, so typing replaces it.
  await press(palette.getByRole("button", { name: "Page break" }));
  await expect(page.locator("[data-label-input]:focus")).toHaveValue("Untitled page");
  await page.keyboard.type("Your team");
  const pageCard = card(page, 2);
  await expect(pageCard.getByLabel("Page title")).toHaveValue("Your team");
  await press(pageCard.getByRole("button", { name: "Show this page only when…" }));
  const rule = pageCard.getByRole("group", { name: "Rule 1" });
  await expect(rule.getByLabel("Field")).toHaveValue("plan");
  await rule.getByLabel("Operator").selectOption({ label: "is" });
  await rule.getByLabel("Option").selectOption({ label: "Team" });

  // A number field with a rule and a readable id.
  await press(palette.getByRole("button", { name: "Number", exact: true }));
  await expect(page.locator("[data-label-input]:focus")).toHaveValue("Untitled question");
  await page.keyboard.type("Team size");
  const sizeCard = card(page, 3);
  await sizeCard.getByLabel("Smallest number").fill("2");
  await expect(sizeCard.getByText(/^Field id/)).toBeVisible();
  await press(sizeCard.getByRole("button", { name: "Rename id" }));
  await sizeCard.getByLabel("Field id").fill("team_size");
  await press(sizeCard.getByRole("button", { name: "Save id" }));
  await expect(sizeCard.getByText("team_size")).toBeVisible();

  // The preview follows the conditions, and its Next and Back change the page in place.
  const preview = page.getByRole("complementary", { name: "Preview" });
  await expect(preview.getByRole("progressbar", { name: "Progress" })).toHaveAttribute("aria-valuemax", "1");
  await preview.getByRole("radio", { name: "Team" }).check();
  await expect(preview.getByRole("progressbar", { name: "Progress" })).toHaveAttribute("aria-valuemax", "2");
  await preview.getByRole("button", { name: "Next" }).click();
  await expect(preview.getByRole("heading", { name: "Your team" })).toBeVisible();
  await expect(preview.getByRole("textbox", { name: "Team size" })).toBeVisible();
  await preview.getByRole("button", { name: "Back" }).click();
  await expect(preview.getByRole("radio", { name: "Team" })).toBeChecked();

  const settings = page.getByRole("region", { name: "Description and endings" });
  await settings.getByLabel("Form description").fill("Tell us about you");
  // The preview shows it above the first page, as the survey page does.
  await expect(preview.getByText("Tell us about you", { exact: true })).toBeVisible();
  await press(settings.getByRole("button", { name: "Add ending" }));
  await settings.getByLabel("Ending 1 title").fill("Welcome aboard");
  await settings.getByLabel("Redirect to (optional)").fill("javascript:alert(1)");
  await saved(page);
  await expectNoAxeViolations(page, "builder with logic");

  await press(page.getByRole("button", { name: "Publish", exact: true }));
  await expect(settings.getByText("must be an http(s) URL, like https://example.com/thanks")).toBeVisible();
  await settings.getByLabel("Redirect to (optional)").fill("https://example.com/welcome");
  await saved(page);

  const published = await publishAndRead(page, seed, api, org.organizationId, form.id);
  expect(published.elements.slice(1)).toEqual([
    {
      id: expect.stringMatching(/^pg_/),
      label: "Your team",
      type: "page-break",
      showIf: { all: [{ field: "plan", op: "is_equal_to", value: "o_team" }] },
    },
    { id: "team_size", label: "Team size", type: "number", required: false, min: 2 },
  ]);
  expect(published.description).toBe("Tell us about you");
  expect(published.endings).toEqual([
    { id: expect.stringMatching(/^end_/), title: "Welcome aboard", redirectUrl: "https://example.com/welcome" },
  ]);
});

test("a nested condition group (any inside all) built by keyboard, published; the survey follows it", async ({ page, seed, api }) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, {
    name: "Seats",
    elements: [
      choiceElement("plan", "Plan", "radio", { o_free: ["Free", "free"], o_team: ["Team", "team"] }),
      { id: "seats", label: "Seats", type: "number" },
      { id: "referrer", label: "Who sent you?", type: "short-text" },
    ],
  });
  await openDashboardPage(page, org, `/forms/${form.uuid}/edit`, "Seats");
  const target = card(page, 3);
  await press(target.getByRole("button", { name: "Show this question only when…" }));
  const rule1 = target.getByRole("group", { name: "Rule 1", exact: true });
  await rule1.getByLabel("Operator").selectOption({ label: "is" });
  await rule1.getByLabel("Option").selectOption({ label: "Team" });

  // Add group: an "any" group inside the "all", with a rule of its own; focus goes to its match select.
  await press(target.getByRole("button", { name: "Add group", exact: true }));
  const kind2 = target.getByLabel("Rules of group 2 that must hold");
  await expect(kind2).toBeFocused();
  await expect(kind2).toHaveValue("any");
  const inGroup = (n: number) => target.getByRole("group", { name: `Rule ${n} of group 2`, exact: true });
  await inGroup(1).getByLabel("Field").selectOption({ label: "Seats" });
  await inGroup(1).getByLabel("Operator").selectOption({ label: "is greater than" });
  await inGroup(1).getByLabel("Value").fill("10");
  await press(target.getByRole("button", { name: "Add rule to group 2" }));
  await inGroup(2).getByLabel("Field").selectOption({ label: "Seats" });
  await inGroup(2).getByLabel("Operator").selectOption({ label: "is less than" });
  await inGroup(2).getByLabel("Value").fill("3");
  // A group inside that group, then removed; a third rule, then removed: by keyboard.
  await press(target.getByRole("button", { name: "Add group to group 2" }));
  await expect(target.getByLabel("Rules of group 2.3 that must hold")).toBeFocused();
  await expect(target.getByLabel("Rules of group 2.3 that must hold")).toHaveValue("all");
  await press(target.getByRole("button", { name: "Remove group 2.3" }));
  await expect(target.getByRole("group", { name: "Group 2.3" })).toHaveCount(0);
  // all ↔ any by keyboard on the group's own select.
  await kind2.focus();
  await kind2.press("ArrowUp");
  await expect(kind2).toHaveValue("all");
  await kind2.press("ArrowDown");
  await expect(kind2).toHaveValue("any");
  await saved(page);
  await expectNoAxeViolations(page, "builder with a nested condition");

  const published = await publishAndRead(page, seed, api, org.organizationId, form.id);
  expect(published.elements[2].showIf).toEqual({
    all: [
      { field: "plan", op: "is_equal_to", value: "o_team" },
      {
        any: [
          { field: "seats", op: "is_greater_than", value: "10" },
          { field: "seats", op: "is_less_than", value: "3" },
        ],
      },
    ],
  });

  // The survey follows it as the respondent answers.
  await page.goto(`/f/${form.uuid}`);
  await page.waitForFunction(() => document.querySelector("form#survey") !== null);
  const referrer = page.getByLabel("Who sent you?");
  await expect(referrer).toBeHidden();
  await page.getByRole("radio", { name: "Team" }).check();
  await page.getByLabel("Seats").fill("20");
  await expect(referrer).toBeVisible();
  await page.getByLabel("Seats").fill("5");
  await expect(referrer).toBeHidden();
  await page.getByLabel("Seats").fill("1");
  await expect(referrer).toBeVisible();
  await page.getByRole("radio", { name: "Free" }).check();
  await expect(referrer).toBeHidden();
});

test("a file field's accepted types, most files and largest size are set in the builder and published", async ({ page, seed, api }) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, { name: "Jobs", elements: [{ id: "name", label: "Name", type: "short-text" }] });
  await openDashboardPage(page, org, `/forms/${form.uuid}/edit`, "Jobs");
  const palette = page.getByRole("region", { name: "Add a field" });
  await press(palette.getByRole("button", { name: "File upload" }));
  await expect(page.locator("[data-label-input]:focus")).toHaveValue("Untitled question");
  await page.keyboard.type("Your CV");
  const cv = card(page, 2);
  await cv.getByLabel("Accepted file types").fill(".pdf, .docx");
  await cv.getByLabel("Most files (default 1)").fill("2");
  await cv.getByLabel("Largest file in MB (default 10)").fill("5");
  await saved(page);
  await expectNoAxeViolations(page, "builder with a file field");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(cv.getByLabel("Largest file in MB (default 10)")).toBeVisible();
  await expectNoHorizontalScroll(page, "builder with a file field at 390 px");
  await page.setViewportSize({ width: 1280, height: 800 });

  const published = await publishAndRead(page, seed, api, org.organizationId, form.id);
  expect(published.elements[1]).toEqual({
    id: expect.any(String),
    label: "Your CV",
    type: "file-upload",
    required: false,
    accept: [".pdf", ".docx"],
    maxFiles: 2,
    maxFileSizeMb: 5,
  });
});
