import { expect, test } from "../../fixtures";
import { createLinks, publishedForm, setLink } from "../../api/survey/survey-fixtures";
import { openSurvey, submit } from "./survey-helpers";
import { expectNoAxeViolations } from "../a11y";

/** axe (WCAG 2.0/2.1 A and AA, 2.2 AA) on every survey page a respondent can meet; any violation fails. */

// axe walks every node (the phone's 245 countries included): slow on a busy machine.
test.slow();

for (const width of [1280, 360]) {
  test(`no axe violations at ${width}px: the form with every element type`, async ({ page, seed }) => {
    await page.setViewportSize({ width, height: 900 });
    const { form } = await publishedForm(seed);
    await openSurvey(page, `/f/${form.uuid}`);
    await expectNoAxeViolations(page, "form");
  });

  test(`no axe violations at ${width}px: the form's error state`, async ({ page, seed }) => {
    await page.setViewportSize({ width, height: 900 });
    const { form } = await publishedForm(seed);
    await openSurvey(page, `/f/${form.uuid}`);
    await submit(page);
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
    await expectNoAxeViolations(page, "error state");
  });
}

test("no axe violations on the thank-you page", async ({ page, seed }) => {
  const { form } = await publishedForm(seed);
  await page.goto(`/f/${form.uuid}/thanks`);
  await expectNoAxeViolations(page, "thank-you page");
});

test("no axe violations on the unique link pages: open, closed (410) and not available (404)", async ({ page, seed }) => {
  const { org, form } = await publishedForm(seed);
  const [open, expired] = await createLinks(seed, org.organizationId, form.uuid, [{}, {}]);
  await setLink(seed, expired!.id, { expiresAt: new Date(Date.now() - 1000) });
  await openSurvey(page, `/u/${open!.id}`);
  await expectNoAxeViolations(page, "open link");
  await page.goto(`/u/${expired!.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link has expired");
  await expectNoAxeViolations(page, "expired link");
  await page.goto("/u/6f1c2f0e-8a43-4d7e-9a55-0c3b1c1e2a11");
  await expectNoAxeViolations(page, "unknown link");
});
