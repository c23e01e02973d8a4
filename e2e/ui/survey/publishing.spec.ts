import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, test, type Seed } from "../../fixtures";
import { storedRows } from "../../api/survey/survey-fixtures";
import { expectNoAxeViolations, expectNoHorizontalScroll } from "../a11y";
import { openSurvey, submit } from "./survey-helpers";

/**
 * Issue 28 in Chromium: the ALTCHA widget solving its proof of work in the page (under the
 * survey page's CSP), a form embedded by `/embed.js` on a page of ANOTHER origin (a server of
 * this test on 127.0.0.2) whose frame follows its content's height, and the closed page.
 */

test.slow();

async function formWith(seed: Seed, elements: unknown[], settings: Record<string, unknown>) {
  const org = await seed.org();
  return seed.form(org.organizationId, { name: "Spring survey", elements, settings }, { publish: true });
}

const EMAIL = [{ id: "email", label: "Email", type: "email", required: true }];

/** CSP reports and script errors of a page: none may happen. */
function collectProblems(page: Page) {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(e.message));
  return problems;
}

test("ALTCHA: the real widget solves the form's challenge in the page and the answers are stored", async ({ page, seed }) => {
  const form = await formWith(seed, EMAIL, { captcha: "altcha" });
  const problems = collectProblems(page);
  await openSurvey(page, `/f/${form.uuid}`);
  const widget = page.locator("altcha-widget");
  await expect(widget).toBeVisible();
  await page.getByLabel("Email").fill("ada@example.com");
  // By keyboard, as anyone can: the widget draws its own tick over the checkbox.
  await widget.getByRole("checkbox").focus();
  await page.keyboard.press("Space");
  await expect(page.locator('input[name="_captcha"]')).toHaveValue(/^[A-Za-z0-9+/=]{40,}$/, { timeout: 30_000 });
  await expectNoAxeViolations(page, "form with ALTCHA");
  await submit(page);
  await expect(page).toHaveURL(new RegExp(`/f/${form.uuid}/thanks$`));
  expect(await storedRows(seed, form.id)).toHaveLength(1);
  expect(problems).toEqual([]);
});

test("ALTCHA: a forged solution in the page is refused with the sentence and nothing is stored", async ({ page, seed }) => {
  const form = await formWith(seed, EMAIL, { captcha: "altcha" });
  await openSurvey(page, `/f/${form.uuid}`);
  await page.getByLabel("Email").fill("ada@example.com");
  // What a bot would post: a payload it made up.
  await page.evaluate(() => {
    const input = Object.assign(document.createElement("input"), { type: "hidden", name: "_captcha" });
    input.value = btoa(JSON.stringify({ challenge: { parameters: { algorithm: "PBKDF2/SHA-256" }, signature: "x" }, solution: {} }));
    document.querySelector("form#survey")!.append(input);
  });
  const [response] = await Promise.all([page.waitForResponse(`**/f/${form.uuid}/submit`), submit(page)]);
  expect(response.status()).toBe(400);
  await expect(page.getByRole("alert", { name: "There is a problem" })).toContainText("The CAPTCHA check failed; try it again");
  expect(await storedRows(seed, form.id)).toEqual([]);
});

/** A page on another origin that embeds the form with /embed.js and records every message it hears. */
async function hostPage(appOrigin: string, body: () => string): Promise<{ origin: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><title>Owner's site</title>
      <script>window.heard = []; addEventListener("message", (e) => heard.push({ origin: e.origin, data: e.data }));</script>
      </head><body><h1>Owner's site</h1>${body()}<script src="${appOrigin}/embed.js" async></script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
  return { origin: `http://127.0.0.2:${(server.address() as AddressInfo).port}`, server };
}

const TWO_PAGES = [
  { id: "email", label: "Email", type: "email", required: true },
  { id: "pg_more", label: "More about you", type: "page-break" },
  { id: "bio", label: "Tell us about yourself", type: "long-text", description: "A few lines." },
  { id: "team", label: "Team", type: "short-text" },
  { id: "role", label: "Role", type: "short-text" },
  { id: "city", label: "City", type: "short-text" },
];

test("embed.js on another origin: the frame follows the content's height, also after a page change, and hears ids only", async ({
  page,
  seed,
  baseURL,
}) => {
  const appOrigin = new URL(baseURL!).origin;
  // The host's port is known once it listens; the form lists it then.
  let formUuid = "";
  const host = await hostPage(appOrigin, () => `<div id="slot" data-formhouse-form="${formUuid}"></div>`);
  try {
    const form = await formWith(seed, TWO_PAGES, { embedOrigins: [host.origin] });
    formUuid = form.uuid;
    await page.goto(host.origin);
    const frameElement = page.locator("#slot iframe");
    await expect(frameElement).toHaveAttribute("src", `${appOrigin}/f/${form.uuid}?embed=1&parent=${encodeURIComponent(host.origin)}`);
    const frame = page.frameLocator("#slot iframe");
    await expect(frame.getByLabel("Email")).toBeVisible();

    const fits = async () => {
      const outer = await frameElement.evaluate((el) => el.getBoundingClientRect().height);
      const inner = await frame.locator("html").evaluate(() => ({
        height: Math.ceil(document.documentElement.getBoundingClientRect().height),
        scrolls: document.documentElement.scrollHeight > window.innerHeight + 1,
      }));
      return { outer: Math.round(outer), inner: inner.height, scrolls: inner.scrolls };
    };
    await expect.poll(async () => (await fits()).outer - (await fits()).inner).toBe(0);
    const first = await fits();
    expect(first.scrolls).toBe(false);
    expect(first.outer).toBeGreaterThan(200);

    // Next: the second page is taller; the frame grows to it, still without a scroll bar.
    await frame.getByLabel("Email").fill("secret-answer@example.com");
    await page.waitForTimeout(2_100);
    await frame.getByRole("button", { name: "Next" }).click();
    await expect(frame.getByLabel("Tell us about yourself")).toBeVisible();
    await expect.poll(async () => (await fits()).outer - (await fits()).inner).toBe(0);
    const second = await fits();
    expect(second.scrolls).toBe(false);
    expect(second.outer).toBeGreaterThan(first.outer);

    const heard = (await page.evaluate(() => (window as unknown as { heard: unknown[] }).heard)) as {
      origin: string;
      data: Record<string, unknown>;
    }[];
    const ours = heard.filter((m) => String(m.data?.type).startsWith("formhouse:"));
    expect(ours.length).toBeGreaterThan(0);
    for (const m of ours) {
      expect(m.origin).toBe(appOrigin);
      for (const key of Object.keys(m.data)) expect(["type", "form", "page", "height", "ending"]).toContain(key);
      expect(m.data.form).toBe(form.uuid);
    }
    expect(ours.some((m) => m.data.type === "formhouse:page" && m.data.page === 1)).toBe(true);
    expect(JSON.stringify(heard)).not.toContain("secret-answer");
  } finally {
    host.server.close();
  }
});

test("a site not in embedOrigins cannot frame the form", async ({ page, seed, baseURL }) => {
  const appOrigin = new URL(baseURL!).origin;
  const form = await formWith(seed, EMAIL, { embedOrigins: ["https://example.com"] });
  const host = await hostPage(appOrigin, () => `<div id="slot" data-formhouse-form="${form.uuid}"></div>`);
  try {
    const [response] = await Promise.all([page.waitForResponse(`**/f/${form.uuid}?embed=1*`), page.goto(host.origin)]);
    expect(response.headers()["content-security-policy"]).toMatch(/frame-ancestors https:\/\/example\.com$/);
    await page.waitForTimeout(1_000);
    await expect(page.frameLocator("#slot iframe").getByLabel("Email")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { heard: unknown[] }).heard)).toEqual([]);
  } finally {
    host.server.close();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("a closed form says so with the owner's message; a not-yet-open one says when it opens", async ({ page, seed }) => {
    const closed = await formWith(seed, EMAIL, {
      closesAt: "2020-01-01T00:00:00Z",
      closedMessage: "Sign-ups are over. See you in spring!",
    });
    await page.goto(`/f/${closed.uuid}`);
    await expect(page.getByRole("heading", { level: 1, name: "This form is closed" })).toBeVisible();
    await expect(page.getByText("Sign-ups are over. See you in spring!")).toBeVisible();
    await expect(page.getByRole("textbox")).toHaveCount(0);

    const later = await formWith(seed, EMAIL, { opensAt: "2099-03-01T08:00:00Z" });
    await page.goto(`/f/${later.uuid}`);
    await expect(page.getByRole("heading", { level: 1, name: "This form is not open yet" })).toBeVisible();
    await expect(page.getByText("It opens on 1 March 2099 at 08:00 UTC. Come back then to answer.")).toBeVisible();
  });
});

test("the closed page passes axe and fits 390 px", async ({ page, seed }) => {
  const form = await formWith(seed, EMAIL, { maxResponses: 1, closesAt: "2020-01-01T00:00:00Z" });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/f/${form.uuid}`);
  await expect(page.getByRole("heading", { level: 1, name: "This form is closed" })).toBeVisible();
  await expectNoAxeViolations(page, "closed page");
  await expectNoHorizontalScroll(page, "closed page");
});
