import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { viewportShot } from "./helpers";

/** The API reference at /docs: one token for every Try it panel of a surface, kept for the tab only. */

/** The reference's article about one operation, by its heading (`GET /api/v2/forms`). */
const operation = (page: Page, method: string, path: string) =>
  page
    .locator("article.op")
    .filter({ has: page.locator("h2", { hasText: new RegExp(`^${method}\\s*${path.replace(/[{}/]/g, "\\$&")}$`) }) });

test("a token entered in one Try it panel serves every panel of that API, for the tab's session only", async ({ page, seed }) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, { name: "Docs form", elements: [] });
  const token = await seed.token(org.organizationId, { scopes: ["form.view"] });
  await page.goto("/docs");

  const listForms = operation(page, "GET", "/api/v2/forms");
  const getForm = operation(page, "GET", "/api/v2/forms/{id}");
  await listForms.getByText("Try it", { exact: true }).click();
  await listForms.getByLabel("X-SERVICE-TOKEN").fill(token);

  // Another panel of the same API has it already.
  await getForm.getByText("Try it", { exact: true }).click();
  await expect(getForm.getByLabel("X-SERVICE-TOKEN")).toHaveValue(token);
  await getForm.getByLabel(/^id/).fill(String(form.id));
  await getForm.getByRole("button", { name: "Send request" }).click();
  await expect(getForm.locator(".try-result")).toContainText("Status 200");
  await expect(getForm.locator(".try-result pre")).toContainText("Docs form");
  await viewportShot(page, "docs-try-it");

  // Never written to localStorage; a reload in the same tab keeps it, a new tab does not have it.
  expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
  await page.reload();
  await operation(page, "GET", "/api/v2/forms").getByText("Try it", { exact: true }).click();
  await expect(page.getByLabel("X-SERVICE-TOKEN").first()).toHaveValue(token);
  const other = await page.context().newPage();
  await other.goto("/docs");
  await operation(other, "GET", "/api/v2/forms").getByText("Try it", { exact: true }).click();
  await expect(other.getByLabel("X-SERVICE-TOKEN").first()).toHaveValue("");
});

test("the reference names no page that does not exist, links the API tokens page, and documents the OAuth endpoints", async ({ page }) => {
  await page.goto("/docs");
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "API tokens" }).first()).toHaveAttribute("href", "/tokens");
  for (const endpoint of ["/oauth/authorize", "/oauth/token", "/oauth/revoke", "/.well-known/oauth-authorization-server"]) {
    await expect(page.locator(".docs-main").getByText(endpoint, { exact: false }).first()).toBeVisible();
  }
  // A path never wraps under its method badge: the badge and the path start on one line.
  for (const op of await page
    .locator(".docs-nav .nav-op")
    .filter({ has: page.locator(".method") })
    .all()) {
    const badge = await op.locator(".method").boundingBox();
    const path = await op.locator(".nav-path").boundingBox();
    expect(path!.x).toBeGreaterThan(badge!.x + badge!.width - 1);
  }
  // A long path wraps after a slash, never inside a word (`unique_l|inks`); some do wrap.
  const wraps = await pathWraps(page);
  expect(wraps.midWord).toEqual([]);
  expect(wraps.wrapped).toBeGreaterThan(0);
});

/** Nav paths whose words (the text between slashes) span two lines, and how many paths wrap at all. */
const pathWraps = (page: Page) =>
  page.locator(".docs-nav .nav-path").evaluateAll((paths) => {
    const lines = (node: Node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    };
    const words = (el: Element) => [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.replace(/\//g, ""));
    return {
      midWord: paths.flatMap((el) =>
        words(el)
          .filter((w) => lines(w) > 1)
          .map(() => el.textContent),
      ),
      wrapped: paths.filter((el) => lines(el) > 1).length,
    };
  });

test.describe("at 390px", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("the contents collapse behind a button and the page does not scroll sideways", async ({ page }) => {
    await page.goto("/docs");
    const contents = page.getByRole("button", { name: "Contents" });
    await expect(contents).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator(".docs-nav a.nav-op").first()).toBeHidden();
    await contents.click();
    await expect(page.locator(".docs-nav a.nav-op").first()).toBeVisible();
    expect((await pathWraps(page)).midWord).toEqual([]);
    await page.locator(".docs-nav a.nav-surface").first().click();
    await expect(contents).toHaveAttribute("aria-expanded", "false");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await viewportShot(page, "docs-390");
  });
});
