import type { Page } from "@playwright/test";
import { expect, test } from "../../fixtures";
import { createLinks, LOGIC_FORM, publishedForm, storedRows } from "../../api/survey/survey-fixtures";
import { openSurvey, submitAndThank } from "./survey-helpers";
import { expectNoAxeViolations, expectNoHorizontalScroll } from "../a11y";
import { viewportShot } from "../helpers";

/** Back after a sent form: a fresh copy with a note, never the sent answers ready to go again. */

async function fillContactForm(page: Page) {
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email", { exact: true }).first().fill("ada@example.com");
  await page.getByLabel("Message").fill("Hello");
}

test("Back from the thank-you page shows an empty form saying the answers were sent; one submission", async ({ page, seed }) => {
  const { form } = await publishedForm(seed);
  await openSurvey(page, `/f/${form.uuid}`);
  await fillContactForm(page);
  await submitAndThank(page, form.uuid);

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/f/${form.uuid}$`));
  await expect(page.getByRole("status").filter({ hasText: "Your answers were sent." })).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("");
  await expect(page.getByLabel("Message")).toHaveValue("");
  await expectNoAxeViolations(page, "the fresh form after Back");
  await viewportShot(page, "survey-sent-again-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page, "the fresh form after Back at 390 px");
  await viewportShot(page, "survey-sent-again-390");
  expect((await storedRows(seed, form.id)).length).toBe(1);

  // Answering again on purpose is a second response, and the note is gone after it.
  await openSurvey(page, `/f/${form.uuid}`);
  await expect(page.getByRole("status").filter({ hasText: "Your answers were sent." })).toHaveCount(0);
  await fillContactForm(page);
  await submitAndThank(page, form.uuid);
  expect((await storedRows(seed, form.id)).length).toBe(2);
});

test("Back before the thank-you page's own JavaScript has run still finds the form sent (an inline mark)", async ({ page, seed }) => {
  const { form } = await publishedForm(seed);
  await openSurvey(page, `/f/${form.uuid}`);
  await fillContactForm(page);
  // The thank-you page's bundles never arrive: a slow phone, or Back pressed as soon as the thanks show.
  await page.route(/\/_next\/static\/.*\.js/, (route) => route.abort());
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
  await page.unroute(/\/_next\/static\/.*\.js/);
  await page.goBack();
  await expect(page.getByRole("status").filter({ hasText: "Your answers were sent." })).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("");
  expect((await storedRows(seed, form.id)).length).toBe(1);
});

test("a form left for another page and reached by Back keeps its answers (nothing was sent)", async ({ page, seed }) => {
  const { form } = await publishedForm(seed);
  await openSurvey(page, `/f/${form.uuid}`);
  await page.getByLabel("First name").fill("Ada");
  await page.goto("/docs");
  await page.goBack();
  await expect(page.getByLabel("First name")).toHaveValue("Ada");
  await expect(page.getByRole("status").filter({ hasText: "Your answers were sent." })).toHaveCount(0);
});

test("a unique link's recipient going Back after sending sees the link answered, not the form", async ({ page, seed }) => {
  const { org, form } = await publishedForm(seed);
  const [link] = await createLinks(seed, org.organizationId, form.uuid, [{}]);
  await openSurvey(page, `/u/${link!.id}`);
  await fillContactForm(page);
  await submitAndThank(page, form.uuid, { linkId: link!.id });
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This form has already been submitted");
  await expect(page.getByRole("button", { name: "Submit" })).toHaveCount(0);
  expect((await storedRows(seed, form.id)).length).toBe(1);
});

test("a multi-page form: Back from its ending is the fresh first page with the note, not the last step to post again", async ({
  page,
  seed,
}) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, { ...LOGIC_FORM, endings: [LOGIC_FORM.endings[1]] }, { publish: true });
  await openSurvey(page, `/f/${form.uuid}`);
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByRole("radio", { name: "Free" }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Almost done" })).toBeVisible();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thanks!" })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/f/${form.uuid}$`));
  await expect(page.getByRole("status").filter({ hasText: "Your answers were sent." })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("");
  await expect(page.getByRole("button", { name: "Next" })).toBeVisible();
  expect(await storedRows(seed, form.id)).toHaveLength(1);
});
