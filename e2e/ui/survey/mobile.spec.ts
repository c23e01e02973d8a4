import type { Page } from "@playwright/test";
import { expect, test } from "../../fixtures";
import { createLinks, publishedForm, setLink } from "../../api/survey/survey-fixtures";
import { screenshot } from "../helpers";
import { expectNoHorizontalScroll } from "../a11y";
import { formOf, onlySubmission, openSurvey, submit, submitAndThank } from "./survey-helpers";

/** Mobile first: 360 px wide, no horizontal scroll, tap targets of at least 24 px. */

test.use({ viewport: { width: 360, height: 740 } });

/** Every control a finger uses, with the size of what it can tap (a choice's whole label). */
async function smallTapTargets(page: Page) {
  return page.evaluate(() => {
    const targets = document.querySelectorAll<HTMLElement>(
      ".sv-form button, .sv-form select, .sv-form textarea, .sv-form input:not([type=hidden]):not([name=_website]), .sv-summary a",
    );
    const small: string[] = [];
    for (const el of targets) {
      const area = el.closest("label") ?? el;
      const box = area.getBoundingClientRect();
      if (box.width < 24 || box.height < 24)
        small.push(`${el.tagName} ${el.getAttribute("name") ?? el.textContent} ${box.width}x${box.height}`);
    }
    return small;
  });
}

test("at 360 px the form, its errors and the thank-you page fit the width; every tap target is at least 24 px", async ({
  page,
  seed,
  api,
}) => {
  const { org, form } = await publishedForm(seed);
  await openSurvey(page, `/f/${form.uuid}`);
  await expectNoHorizontalScroll(page);
  expect(await smallTapTargets(page)).toEqual([]);
  await screenshot(page, "survey-360-form");

  await submit(page);
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
  await expectNoHorizontalScroll(page);
  expect(await smallTapTargets(page)).toEqual([]);
  await screenshot(page, "survey-360-errors");

  const name = page.getByRole("group", { name: "Your name" });
  await name.getByLabel("First name").fill("Ada");
  await name.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email", { exact: true }).first().fill("ada@example.com");
  await page.getByLabel("Message").fill("Sent from a phone");
  await page.getByRole("group", { name: "Documentation" }).getByRole("radio", { name: "Great" }).check();
  await submitAndThank(page, form.uuid);
  await expectNoHorizontalScroll(page);
  await screenshot(page, "survey-360-thanks");
  expect(await onlySubmission(api, seed, org.organizationId, form.id)).toMatchObject({ satisfaction: { row_docs: { col_great: "3" } } });
});

test("at 360 px long labels, many matrix columns and closed-link pages still fit", async ({ page, seed }) => {
  const long = "A very long question label that goes on and on to see whether it wraps instead of pushing the page sideways";
  const { org, form } = await formOf(seed, [
    { id: "q", label: long, type: "short-text" },
    {
      id: "grid",
      label: "How often do you use each of these features in a typical working week?",
      type: "matrix",
      rows: [{ id: "r1", label: "Exporting submissions to spreadsheets" }],
      columns: ["Never", "Rarely", "Sometimes", "Often", "Always", "Constantly"].map((label) => ({ id: label.toLowerCase(), label })),
    },
    { id: "url", label: "Website", type: "short-text", placeholder: "https://an-extremely-long-domain-name-for-testing.example.com/path" },
  ]);
  await openSurvey(page, `/f/${form.uuid}`);
  await expectNoHorizontalScroll(page);
  const [link] = await createLinks(seed, org.organizationId, form.uuid, [{}]);
  await setLink(seed, link!.id, { active: false });
  await page.goto(`/u/${link!.id}`);
  await expectNoHorizontalScroll(page);
});
