import type { Page } from "@playwright/test";
import { accessForOrganization } from "../../server/services/forms/access";
import { createPrefills } from "../../server/services/prefills/create-prefills";
import { createUniqueLinks } from "../../server/services/unique-links/create-unique-links";
import { publishedForm, setLink } from "../api/survey/survey-fixtures";
import { expect, test } from "../fixtures";
import { expectListFits, expectNoAxeViolations, expectNoHorizontalScroll, WIDTHS } from "./a11y";
import { openDashboardPage, screenshot, signIn } from "./helpers";

/** The Prefills and Unique links pages (and the dashboard shell): axe clean, fit at 390 px, usable by keyboard. */

test.slow();

async function orgWithData(seed: Parameters<typeof publishedForm>[0]) {
  const { org, form } = await publishedForm(seed);
  const access = accessForOrganization(org.organizationId);
  await createPrefills(seed.db, access, form.uuid, [{ name: "Ada Lovelace", prefillData: [{ id: "subject", value: "Engines" }] }]);
  const { created } = await createUniqueLinks(seed.db, access, form.uuid, [
    { entryName: "a-rather-long-recipient-name@example.com", prefillData: [{ id: "topic", value: "opt_sales" }] },
    { entryName: "bob@example.com", expiresAt: new Date("2099-01-01T00:00:00Z") },
  ]);
  await setLink(seed, created[1]!.id, { expiresAt: new Date(Date.now() - 1000) });
  return { org, form };
}

async function checkPage(page: Page, what: string) {
  await expectNoAxeViolations(page, what);
  await expectNoHorizontalScroll(page, what);
}

for (const width of WIDTHS) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("Prefills: list and the new-prefill editor", async ({ page, seed }) => {
      const { org, form } = await orgWithData(seed);
      await openDashboardPage(page, org, `/prefills?form=${form.uuid}`, "Prefills");
      await expect(page.locator("table tbody tr")).toHaveCount(1);
      const create = page.getByRole("button", { name: "New prefill" });
      await expect(create).toBeInViewport();
      await expect(page.getByLabel("Form", { exact: true })).toBeInViewport();
      await checkPage(page, "prefills list");
      await screenshot(page, `dash-prefills-${width}`);
      await create.click();
      await expect(page.getByRole("group", { name: "Rate us" })).toBeVisible();
      await checkPage(page, "prefill editor");
      await screenshot(page, `dash-prefills-editor-${width}`);
    });

    test("Unique links: list, editor, CSV panel and details", async ({ page, seed }) => {
      const { org, form } = await orgWithData(seed);
      await openDashboardPage(page, org, `/unique-links?form=${form.uuid}`, "Unique links");
      await expect(page.locator("table tbody tr")).toHaveCount(2);
      const create = page.getByRole("button", { name: "New links" });
      await expect(create).toBeInViewport();
      await expect(page.getByLabel("Form", { exact: true })).toBeInViewport();
      await checkPage(page, "unique links list");
      // The server's order, newest first, is the Created column's.
      await expect(page.getByRole("columnheader", { name: "Created" })).toHaveAttribute("aria-sort", "descending");
      await expect(page.locator("table th[aria-sort]")).toHaveCount(1);
      if (width === 390) {
        // The rows are cards that fit: no sideways scroll inside the list either, and every
        // value (all but the row's checkbox) shows its column's name.
        await expectListFits(page.locator(".table-wrap"), "unique links list");
        await expect(page.locator("table tbody td:not(.check):not([data-label])")).toHaveCount(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        // Each card shows its labels, one value under another.
        for (const row of await page.locator("table tbody tr").all()) {
          const cells = row.locator("td[data-label]");
          const labels = await cells.evaluateAll((tds) => tds.map((td) => getComputedStyle(td, "::before").content));
          const columns = ["Entry name", "Status", "Expires", "Created", "Survey link"];
          expect(labels).toEqual(columns.map((l) => JSON.stringify(l)));
          const tops = await cells.evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().top));
          expect(tops).toEqual([...tops].sort((a, b) => a - b));
          expect(new Set(tops).size).toBe(tops.length);
        }
      }
      await screenshot(page, `dash-links-${width}`);

      // Tab reaches each control of a row in reading order, each in sight when focused.
      const [first, second] = [page.locator("table tbody tr").nth(0), page.locator("table tbody tr").nth(1)];
      const name = (await first.locator(".link-open").textContent()) ?? "";
      const selectAll = page.getByRole("checkbox", { name: "Select all on this page" });
      await selectAll.focus();
      await expect(selectAll).toBeInViewport();
      for (const control of [
        first.getByRole("checkbox", { name: `Select ${name}` }),
        first.getByRole("button", { name, exact: true }),
        first.getByRole("switch", { name: `Link on: ${name}` }),
        first.getByRole("link"),
        first.getByRole("button", { name: `Copy link for ${name}` }),
        second.getByRole("checkbox"),
      ]) {
        await page.keyboard.press("Tab");
        await expect(control).toBeFocused();
        await expect(control).toBeInViewport();
      }

      // The link's switch sits on its status badge's middle line.
      const status = page.locator(".link-status").first();
      const track = await status.locator(".switch-track").boundingBox();
      const badge = await status.locator(".badge").boundingBox();
      expect(Math.abs(track!.y + track!.height / 2 - (badge!.y + badge!.height / 2))).toBeLessThanOrEqual(1.5);

      await page.getByRole("button", { name: "a-rather-long-recipient-name@example.com", exact: true }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await checkPage(page, "link details");
      await screenshot(page, `dash-links-details-${width}`);
      await page.keyboard.press("Escape");

      await create.click();
      await expect(page.getByRole("group", { name: "Rate us" })).toBeVisible();
      await checkPage(page, "links editor");
      await screenshot(page, `dash-links-editor-${width}`);
      await page.getByRole("button", { name: "Cancel" }).click();
      await page.getByRole("button", { name: "Upload CSV" }).click();
      await page
        .getByLabel("CSV file", { exact: true })
        .setInputFiles({ name: "x.csv", mimeType: "text/csv", buffer: Buffer.from("entry name,Colour\nada,red\n") });
      await expect(page.locator(".upload-errors li")).toHaveCount(1);
      await checkPage(page, "CSV panel");
      await screenshot(page, `dash-links-csv-${width}`);
    });
  });
}

test.describe("the dashboard at 390px", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("a top bar's menu button opens the navigation; Escape closes it and gives focus back", async ({ page, seed }) => {
    const org = await seed.org();
    await signIn(page, org.email, org.password);
    const nav = page.getByRole("navigation", { name: "Main" });
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();
    await expectNoHorizontalScroll(page, "forms page with the menu closed");

    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Unique links" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    // seed.org's email is 50+ characters: the account line is cut to fit, with the whole in its title.
    await expectNoHorizontalScroll(page, "open menu with a long email");
    await expect(page.getByTestId("user-email")).toHaveAttribute("title", org.email);
    await expectNoAxeViolations(page, "open menu");
    await screenshot(page, "dash-menu-390");
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();

    // Following a link closes the menu on the new page.
    await menu.click();
    await nav.getByRole("link", { name: "Unique links" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Unique links" })).toBeVisible();
    await expect(nav).toBeHidden();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
  });

  test("at desktop width the sidebar shows without a menu button", async ({ page, seed }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const org = await seed.org();
    await signIn(page, org.email, org.password);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
  });
});

test.describe("Skip to content", () => {
  for (const width of [1280, 390]) {
    test(`at ${width}px the first Tab offers it, and it moves past the navigation`, async ({ page, seed }) => {
      await page.setViewportSize({ width, height: 800 });
      const org = await seed.org();
      await signIn(page, org.email, org.password);
      await page.goto("/tokens");
      await expect(page.getByRole("heading", { level: 1, name: "API tokens" })).toBeVisible();
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to content" });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press("Enter");
      await expect(page.locator("main#content")).toBeFocused();
      // The next stop is the page's own first control, not the sidebar's first link.
      await page.keyboard.press("Tab");
      await expect(page.getByRole("button", { name: "New API token" })).toBeFocused();
      await screenshot(page, `dash-skip-${width}`);
    });
  }
});
