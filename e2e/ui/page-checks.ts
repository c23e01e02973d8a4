import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { createUserWithOrganization } from "../../server/services/users/create-user";
import { expect, type Seed, type SeededOrg } from "../fixtures";
import { screenshot } from "./helpers";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * What every dashboard page must pass as it stands: no axe violation (WCAG 2.2 A/AA), and at
 * 390 px wide no horizontal scroll (axe again there). Screenshots at both widths when asked.
 */
export async function expectAccessibleAndNarrow(page: Page, name: string) {
  expect((await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations).toEqual([]);
  await screenshot(page, `${name}-desktop`);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `horizontal scroll at 390 px; wider elements: ${await widerThan(page, 390)}` })
      .toBeLessThanOrEqual(390);
    expect((await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations).toEqual([]);
    await screenshot(page, `${name}-390`);
  } finally {
    if (size) await page.setViewportSize(size);
  }
}

/** A modal dialog keeps Tab inside itself, and Escape (Cancel) hands focus back to `opener`. */
export async function expectDialogTrapsFocus(page: Page, dialogName: string | RegExp, opener: ReturnType<Page["getByRole"]>) {
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/** The elements that reach past `width` (for the failure message): tag.class and right edge. */
function widerThan(page: Page, width: number): Promise<string> {
  return page.evaluate((w) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll("body *")) {
      const r = el.getBoundingClientRect();
      if (r.right > w + 0.5 && out.length < 8) out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")} (${Math.round(r.right)})`);
    }
    return out.join(", ") || "none";
  }, width);
}

/**
 * An organization whose user has a short email (seed.org's are 50+ characters), so the width
 * check measures the page and not the sidebar's account line: the shell shows the email
 * unbroken (its responsive layout is built separately).
 */
export async function seedOrgWithShortEmail(seed: Seed, opts: { orgName?: string } = {}): Promise<SeededOrg> {
  const email = `u${randomBytes(4).toString("hex")}@ex.test`;
  const password = "correct horse battery staple";
  const ids = await createUserWithOrganization(seed.db, { email, password, name: "Test User", organizationName: opts.orgName ?? "Test org" });
  return { ...ids, email, password };
}
