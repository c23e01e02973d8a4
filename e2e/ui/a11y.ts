import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect } from "../fixtures";
import { screenshot } from "./helpers";

/** WCAG 2.0/2.1 A and AA and 2.2 AA: the rules every page of ours must pass. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe on the page once it has settled (no list still showing stale rows or busy: those are
 * drawn faded on purpose, and no CSS transition running: a button fading in from disabled
 * would be measured at its in-between colour); any violation fails with its rule and elements.
 */
export async function expectNoAxeViolations(page: Page, what: string) {
  await expect(page.locator(".is-stale, [aria-busy=true]")).toHaveCount(0);
  await page.waitForFunction(() => document.getAnimations().every((a) => !("transitionProperty" in a) || a.playState !== "running"));
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const summary = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary, what).toEqual([]);
}

/** The page is no wider than the viewport (less a vertical scrollbar, if shown): nothing to scroll sideways. */
export async function expectNoHorizontalScroll(page: Page, what = "the page") {
  const { scroll, width, wide } = await page.evaluate(() => {
    const width = Math.min(window.innerWidth, document.documentElement.clientWidth);
    // The elements reaching past the right edge, innermost first, to say what to fix.
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => {
        const past = (e: Element) => e.getBoundingClientRect().right > width + 0.5;
        return past(el) && ![...el.children].some(past);
      })
      .slice(0, 5)
      .map((el) => {
        const classes = el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
        return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${classes} (right ${Math.round(el.getBoundingClientRect().right)})`;
      });
    return { scroll: document.documentElement.scrollWidth, width, wide };
  });
  expect(scroll, `${what}: scrollWidth ${scroll} > ${width}: ${wide.join(", ")}`).toBeLessThanOrEqual(width);
}

/**
 * A list's box (its .table-wrap) fits at this width: the page not scrolling sideways is not
 * enough, since a table may scroll inside its box. And every cell with a data-label shows that
 * label (in card mode the column headers are out of sight).
 */
export async function expectListFits(list: Locator, what: string) {
  const { scroll, client, unlabelled } = await list.evaluate((box) => ({
    scroll: box.scrollWidth,
    client: box.clientWidth,
    unlabelled: [...box.querySelectorAll("tbody td[data-label]")]
      .filter((td) => getComputedStyle(td, "::before").content !== JSON.stringify(td.getAttribute("data-label")))
      .map((td) => td.getAttribute("data-label")),
  }));
  expect(scroll, `${what}: the list scrolls inside its box (scrollWidth ${scroll} > clientWidth ${client})`).toBeLessThanOrEqual(client);
  expect(unlabelled, `${what}: cells without their label shown`).toEqual([]);
}

/** expectListFits for every list on the page drawn as cards on narrow screens (data-table.css). */
export async function expectCardListsFit(page: Page, what: string) {
  for (const list of await page.locator(".table-wrap:has(> .card-table)").all()) await expectListFits(list, what);
}

/** Both checks at the phone width used across the suite (390 px) and at desktop width. */
export const WIDTHS = [1280, 390] as const;

/**
 * What every dashboard page must pass as it stands: no axe violation at desktop width, and at
 * 390 px no horizontal scroll (of the page or of a card list) and again no axe violation; a
 * screenshot at each width.
 */
export async function expectAccessibleAndNarrow(page: Page, name: string) {
  await expectNoAxeViolations(page, `${name} (desktop)`);
  await screenshot(page, `${name}-desktop`);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${name}: no sideways scroll at 390 px` })
      .toBeLessThanOrEqual(390);
    await expectNoHorizontalScroll(page, `${name} (390 px)`);
    await expectCardListsFit(page, `${name} (390 px)`);
    await expectNoAxeViolations(page, `${name} (390 px)`);
    await screenshot(page, `${name}-390`);
  } finally {
    if (size) await page.setViewportSize(size);
  }
}
