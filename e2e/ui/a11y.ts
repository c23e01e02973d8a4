import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "../fixtures";

/** WCAG 2.0/2.1 A and AA and 2.2 AA: the rules every page of ours must pass. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe on the page as it is now; any violation fails with its rule and elements. */
export async function expectNoAxeViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const summary = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary, what).toEqual([]);
}

/** The page is no wider than the viewport: nothing to scroll sideways. */
export async function expectNoHorizontalScroll(page: Page, what: string) {
  const { scroll, width, wide } = await page.evaluate(() => {
    const width = window.innerWidth;
    // The elements reaching past the right edge, innermost first, to say what to fix.
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && ![...el.children].some((c) => c.getBoundingClientRect().right > width + 0.5))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).join(".")}` : ""} (right ${Math.round(el.getBoundingClientRect().right)})`);
    return { scroll: document.documentElement.scrollWidth, width, wide };
  });
  expect(scroll, `${what}: scrollWidth ${scroll} > ${width}: ${wide.join(", ")}`).toBeLessThanOrEqual(width);
}

/** Both checks at the phone width used across the suite (390 px) and at desktop width. */
export const WIDTHS = [1280, 390] as const;
