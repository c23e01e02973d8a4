import { createLinks, publishedForm, setLink } from "../api/survey/survey-fixtures";
import { expect, test } from "../fixtures";
import { expectNoAxeViolations, expectNoHorizontalScroll, WIDTHS } from "./a11y";
import { screenshot, viewportShot } from "./helpers";

/** The public pages: axe clean and no sideways scroll, at desktop width and at 390 px. */

// axe walks every node of /docs (hundreds of operations): slow on a busy machine.
test.slow();

for (const width of WIDTHS) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const [path, heading] of [
      ["/sign-in", "Sign in"],
      ["/sign-up", /Create/],
      ["/oauth/error?reason=unknown_client", "Unknown application"],
      ["/no-such-page", "Page not found"],
    ] as const) {
      test(`${path} passes axe and fits`, async ({ page }) => {
        const res = await page.goto(path);
        if (path === "/no-such-page") expect(res?.status()).toBe(404);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expectNoAxeViolations(page, path);
        await expectNoHorizontalScroll(page, path);
        await screenshot(page, `public${path.replace(/[/?=]+/g, "-")}-${width}`);
      });
    }

    test("/docs passes axe and fits", async ({ page }) => {
      // Hundreds of operations: axe alone takes over a minute here.
      test.setTimeout(300_000);
      await page.goto("/docs");
      await expect(page.getByRole("heading", { level: 1, name: /v2/ }).first()).toBeVisible();
      await expectNoAxeViolations(page, "/docs");
      await expectNoHorizontalScroll(page, "/docs");
      await viewportShot(page, `public-docs-${width}`);
    });

    test("the completed and expired unique-link pages pass axe and fit", async ({ page, seed }) => {
      const { org, form } = await publishedForm(seed);
      const [done, expired] = await createLinks(seed, org.organizationId, form.uuid, [{}, {}]);
      await setLink(seed, done!.id, { status: "completed" });
      await setLink(seed, expired!.id, { expiresAt: new Date(Date.now() - 1000) });
      await page.goto(`/u/${done!.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("This form has already been submitted");
      await expectNoAxeViolations(page, "completed link");
      await expectNoHorizontalScroll(page, "completed link");
      await screenshot(page, `public-link-completed-${width}`);
      await page.goto(`/u/${expired!.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link has expired");
      await expectNoAxeViolations(page, "expired link");
      await expectNoHorizontalScroll(page, "expired link");
    });
  });
}

test("/favicon.ico is the brand's icon", async ({ request }) => {
  const res = await request.get("/favicon.ico");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  const body = await res.body();
  // An ICO file: reserved 0, type 1 (icon), at least one image.
  expect([body.readUInt16LE(0), body.readUInt16LE(2)]).toEqual([0, 1]);
  expect(body.readUInt16LE(4)).toBeGreaterThan(0);
});
