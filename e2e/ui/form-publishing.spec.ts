import type { Locator, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { forms } from "../../db/schema";
import { expect, test } from "../fixtures";
import { openDashboardPage } from "./helpers";
import { expectNoAxeViolations, expectNoHorizontalScroll } from "./a11y";

/** The builder's Settings section and the form page's Share panel (issue 28), in Chromium. */

test.slow();

async function press(locator: Locator, key = "Enter") {
  await locator.focus();
  await locator.press(key);
}
const saved = (page: Page) => expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 15_000 });

test("the builder's Settings: times in the owner's zone, the browser hint, problems at their field; published as set", async ({
  page,
  seed,
}) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, { name: "Spring", elements: [{ id: "email", label: "Email", type: "email" }] });
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openDashboardPage(page, org, `/forms/${form.uuid}/edit`, "Spring");
  const settings = page.getByRole("region", { name: "Settings", exact: true });
  await expect(settings.getByText(/Times are in your time zone, /)).toBeVisible();

  await settings.getByLabel("Opens at (optional)").fill("2030-05-01T09:30");
  await settings.getByLabel("Maximum responses (optional)").fill("10");
  await settings.getByLabel("Responses per person").selectOption("browser");
  await expect(settings.getByText("this stops honest people only", { exact: false })).toBeVisible();
  await settings.getByLabel("Responses per person").selectOption("email");
  await expect(settings.getByLabel("Email field")).toHaveValue("email");
  await settings.getByLabel("CAPTCHA").selectOption("altcha");
  await settings.getByLabel("Short link (optional)").fill("Not A Slug");
  await settings.getByLabel("Sites that may embed the form (optional)").fill("https://example.com");
  await saved(page);
  await press(page.getByRole("button", { name: "Publish", exact: true }));
  await expect(settings.getByLabel("Short link (optional)")).toHaveAttribute("aria-invalid", "true");
  await expect(settings.getByText("may hold only lower-case letters, digits and single hyphens", { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, "builder settings with a problem");

  const slug = `spring-${Date.now()}`;
  await settings.getByLabel("Short link (optional)").fill(slug);
  await saved(page);
  await press(page.getByRole("button", { name: "Publish", exact: true }));
  await expect(page.getByText("Published", { exact: true }).first()).toBeVisible();
  const [stored] = await seed.db.select().from(forms).where(eq(forms.id, form.id));
  expect(stored!.slug).toBe(slug);
  expect(stored!.settings.publishing).toEqual({
    opensAt: new Date("2030-05-01T09:30").toISOString().replace(/\.000Z$/, "Z"),
    maxResponses: 10,
    onePerPerson: "email",
    onePerPersonField: "email",
    captcha: "altcha",
    embedOrigins: ["https://example.com"],
    slug,
  });
});

test("the Share panel: places taken, the short link, a snippet per mode with Copy, a live preview; axe and 390 px", async ({
  page,
  seed,
}) => {
  const org = await seed.org();
  const slug = `share-${Date.now()}`;
  const form = await seed.form(
    org.organizationId,
    {
      name: "Share me",
      elements: [{ id: "email", label: "Email", type: "email" }],
      settings: { maxResponses: 10, slug },
      submissions: Array.from({ length: 7 }, (_, i) => ({ data: { email: `p${i}@example.com` } })),
    },
    { publish: true },
  );
  await openDashboardPage(page, org, `/forms/${form.uuid}`, "Share me");
  await expect(page.getByTestId("response-cap")).toHaveText("7 of 10");
  await expect(page.getByTestId("survey-url")).toHaveText(new RegExp(`/f/${slug}$`));
  const snippet = page.getByTestId("embed-snippet");
  await expect(snippet).toContainText(`<div data-formhouse-form="${slug}"></div>`);
  await expect(snippet).toContainText("/embed.js");
  await page.getByLabel("Popup on a button").check();
  await expect(snippet).toContainText(`<button type="button" data-formhouse-popup="${slug}">Share me</button>`);
  await expect(page.getByRole("button", { name: /Copy.*embed snippet/ })).toBeVisible();
  const preview = page.frameLocator('iframe[title="Preview of the embedded form “Share me”"]');
  await expect(preview.getByLabel("Email")).toBeVisible();
  await expectNoAxeViolations(page, "form page with the embed panel");
  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoHorizontalScroll(page, "form page at 390 px");
});
