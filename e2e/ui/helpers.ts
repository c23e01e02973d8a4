import type { Locator, Page } from "@playwright/test";
import { expect } from "../fixtures";

/** Signs in through the sign-in page and waits for the Forms page. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Password hashing, a new session and a full page load: allow for a busy machine.
  await expect(page).toHaveURL(/\/forms$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Forms" })).toBeVisible();
}

/**
 * Clicks "Sign out" and waits for the sign-in page. A click that lands before React has
 * hydrated the dashboard does nothing, so it is repeated until the page moves on.
 */
export async function clickSignOut(page: Page) {
  await expect(async () => {
    if (!/\/sign-in$/.test(page.url())) await page.getByRole("button", { name: "Sign out" }).click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/sign-in$/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Forgets the session cookie, as a fresh browser would. Leaves the dashboard first: its
 * 401 handling would otherwise navigate on its own and race the test's next page.goto.
 */
export async function dropSessionCookie(page: Page) {
  await page.goto("about:blank");
  await page.context().clearCookies();
}

/** With SCREENSHOT_DIR set (e.g. /tmp/formhouse-shots), saves a full-page screenshot there. */
export async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** Like screenshot, the viewport only: for pages too long to capture whole in time (/docs). */
export async function viewportShot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

/** The body rows of the forms table, keyed by form name → their cells' text. */
export async function formRows(page: Page): Promise<Record<string, string[]>> {
  const rows = page.locator("table tbody tr");
  const out: Record<string, string[]> = {};
  for (const row of await rows.all()) {
    const cells = (await row.locator("td").allInnerTexts()).map((t) => t.trim());
    const name = (await row.locator(".form-name").innerText()).trim();
    out[name] = cells;
  }
  return out;
}

/** The error a form announces (role=alert inside the form; Next has its own route announcer). */
export function formError(page: Page) {
  return page.locator("form [role=alert]");
}

/** On the sign-in page: `times` wrong passwords for `email`, each answered with the usual error. */
export async function failSignIn(page: Page, email: string, times: number) {
  await page.getByLabel("Email").fill(email);
  for (let i = 1; i <= times; i++) {
    await page.getByLabel("Password").fill(`wrong password ${i}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(formError(page)).toHaveText("Email or password is incorrect");
  }
}

/** Signs in and opens a dashboard page (e.g. `/unique-links?form=<uuid>`), waiting for its heading. */
export async function openDashboardPage(page: Page, user: { email: string; password: string }, path: string, heading: string) {
  await signIn(page, user.email, user.password);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/** The rows of the page's table body. */
export function bodyRows(page: Page) {
  return page.locator("table tbody tr");
}

/** The table row whose bold title cell is exactly `title` (entry name, prefill name). */
export function rowTitled(page: Page, title: string) {
  const exactly = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  return bodyRows(page).filter({ has: page.locator(".cell-title", { hasText: exactly }) });
}

/** The titles of the table's rows (for `toHaveText([...])`, top to bottom). */
export function rowTitles(page: Page) {
  return bodyRows(page).locator(".cell-title");
}

/** The options of the form picker (for `toHaveText([...])`). */
export function pickerOptions(page: Page) {
  return page.getByLabel("Form", { exact: true }).locator("option:not([disabled])");
}

/** Presses Tab until `target` has focus (keyboard only), failing after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}
