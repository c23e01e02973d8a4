import { expect, test } from "../../fixtures";
import { createLinks, publishedForm, setLink } from "../../api/survey/survey-fixtures";
import { screenshot } from "../helpers";
import { openSurvey, submit } from "./survey-helpers";

/**
 * Full-page screenshots of the survey pages for review (desktop and 360 px): run with
 * SCREENSHOT_DIR=/tmp/formhouse-shots. Without it the test still walks the pages.
 */
for (const [label, width] of [
  ["desktop", 1280],
  ["360", 360],
] as const) {
  test(`survey pages look right (${label})`, async ({ page, seed }) => {
    await page.setViewportSize({ width, height: 900 });
    const { org, form } = await publishedForm(seed);
    await openSurvey(page, `/f/${form.uuid}`);
    await screenshot(page, `survey-${label}-form`);
    await submit(page);
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
    await screenshot(page, `survey-${label}-errors`);
    await page.goto(`/f/${form.uuid}/thanks`);
    await screenshot(page, `survey-${label}-thanks`);
    const [link] = await createLinks(seed, org.organizationId, form.uuid, [{}]);
    await setLink(seed, link!.id, { expiresAt: new Date(Date.now() - 1000) });
    await page.goto(`/u/${link!.id}`);
    await screenshot(page, `survey-${label}-link-expired`);
    await page.goto(`/f/6f1c2f0e-8a43-4d7e-9a55-0c3b1c1e2a11`);
    await screenshot(page, `survey-${label}-not-available`);
  });
}
