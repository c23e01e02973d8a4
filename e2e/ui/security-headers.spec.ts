import type { ConsoleMessage, Page } from "@playwright/test";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "../fixtures";
import { signIn } from "./helpers";

/** Content Security Policy violations and script errors, from now on. */
function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on("console", (m: ConsoleMessage) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`${page.url()}: ${e.message}`));
  return problems;
}

/**
 * A page of another origin (another port on this machine) showing `html`: a real server,
 * so that Chromium sees it on loopback like the app (its local network checks would
 * otherwise stop the frame before any header is read).
 */
async function embedder(html: string): Promise<{ url: string; close: () => void }> {
  const server = createServer((_, res) => res.writeHead(200, { "content-type": "text/html" }).end(html));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

test.describe("Content-Security-Policy and framing", () => {
  test("sign-in, every dashboard page and /docs run under the policy without a single violation", async ({ page, seed }) => {
    const org = await seed.org();
    const problems = watchConsole(page);
    // Signing in needs Next's scripts: blocked scripts would leave the form dead.
    await signIn(page, org.email, org.password);
    for (const [path, heading] of [
      ["/forms", "Forms"],
      ["/submissions", "Submissions"],
      ["/tokens", "API tokens"],
      ["/webhooks", "Webhooks"],
      ["/prefills", "Prefills"],
      ["/unique-links", "Unique links"],
      ["/connected-apps", "Connected apps"],
      ["/account", "Account"],
    ] as const) {
      await page.getByRole("link", { name: heading, exact: true }).first().click();
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    }
    await page.goto("/docs");
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("the signed-in dashboard does not render inside a frame of another origin", async ({ page, seed, baseURL }) => {
    const org = await seed.org();
    await signIn(page, org.email, org.password);
    // Same site (another port of this host): the session cookie goes along, as it would for a sibling subdomain.
    const site = await embedder(`<h1>Embedder</h1><iframe src="${baseURL}/forms" width="800" height="600"></iframe>`);
    try {
      const response = page.waitForResponse(`${baseURL}/forms`);
      await page.goto(site.url);
      await expect(page.getByRole("heading", { name: "Embedder" })).toBeVisible();
      // The dashboard did answer (signed in, 200)…
      expect((await response).status()).toBe(200);
      // …and Chromium replaced it with its own error page, as its ancestors may not show it.
      await expect.poll(() => page.frames().map((f) => f.url())).toEqual([site.url, "chrome-error://chromewebdata/"]);
      await expect(page.frameLocator("iframe").getByRole("heading", { name: "Forms" })).toHaveCount(0);
    } finally {
      site.close();
    }
  });

  test("a survey URL renders inside a frame of another site", async ({ page, seed, baseURL }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, { elements: [{ id: "q", type: "short-text", label: "Name" }] }, { publish: true });
    const problems = watchConsole(page);
    const src = `${baseURL}/f/${form.uuid}/preview.png`;
    const site = await embedder(`<iframe src="${src}" width="1200" height="630"></iframe>`);
    try {
      await page.goto(site.url);
      await expect.poll(() => page.frames().map((f) => f.url())).toEqual([site.url, src]);
      const frame = page.frames()[1]!;
      await expect.poll(() => frame.evaluate(() => document.images[0]?.naturalWidth ?? 0)).toBe(1200);
      expect(problems).toEqual([]);
    } finally {
      site.close();
    }
  });
});
