import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { openDashboardPage } from "./helpers";
import { expectNoAxeViolations } from "./a11y";
import { choiceElement } from "../fixtures/elements";

/** The builder's logic (issue 26): page breaks, conditions, endings, field rules, field ids — by keyboard. */

test.slow();

const card = (page: Page, n: number) => page.locator("ol.bl-cards > li").nth(n - 1);
const saved = (page: Page) => expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 15_000 });
async function press(locator: Locator, key = "Enter") {
  await locator.focus();
  await locator.press(key);
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
  await press(settings.getByRole("button", { name: "Add ending" }));
  await settings.getByLabel("Ending 1 title").fill("Welcome aboard");
  await settings.getByLabel("Redirect to (optional)").fill("javascript:alert(1)");
  await saved(page);
  await expectNoAxeViolations(page, "builder with logic");

  await press(page.getByRole("button", { name: "Publish", exact: true }));
  await expect(settings.getByText("must be an http(s) URL, like https://example.com/thanks")).toBeVisible();
  await settings.getByLabel("Redirect to (optional)").fill("https://example.com/welcome");
  await saved(page);
  await press(page.getByRole("button", { name: "Publish", exact: true }));
  await expect(page.getByTestId("publish-state")).toHaveText("Published");

  const token = await seed.token(org.organizationId, { scopes: ["form.view"] });
  const res = await api.get(`/api/v2/forms/${form.id}`, token);
  expect(res.body.elements.slice(1)).toEqual([
    {
      id: expect.stringMatching(/^pg_/),
      label: "Your team",
      type: "page-break",
      showIf: { all: [{ field: "plan", op: "is_equal_to", value: "o_team" }] },
    },
    { id: "team_size", label: "Team size", type: "number", required: false, min: 2 },
  ]);
  expect(res.body.description).toBe("Tell us about you");
  expect(res.body.endings).toEqual([
    { id: expect.stringMatching(/^end_/), title: "Welcome aboard", redirectUrl: "https://example.com/welcome" },
  ]);
});
