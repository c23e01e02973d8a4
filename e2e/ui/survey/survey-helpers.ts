import type { Page } from "@playwright/test";
import { expect, type ApiClient, type Seed } from "../../fixtures";
import { publishedForm, readSubmission, storedRows } from "../../api/survey/survey-fixtures";

/** Survey UI tests: open a form as a respondent, submit like a person, read the result as an integrator. */

/** Submits sooner than this after the page rendered are spam (lib/survey/spam.ts). */
const HUMAN_MS = 2_100;
const openedAt = new WeakMap<Page, number>();

export async function openSurvey(page: Page, path: string) {
  const res = await page.goto(path);
  openedAt.set(page, Date.now());
  // Hydrated: Conform has taken over the form (its submit handler validates in the page).
  await page.waitForFunction(() => document.querySelector("form#survey") !== null);
  return res;
}

/** Clicks Submit no sooner than a person could have (so the answer is not flagged as spam). */
export async function submit(page: Page) {
  const wait = (openedAt.get(page) ?? 0) + HUMAN_MS - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  await page.getByRole("button", { name: "Submit" }).click();
}

/** Submits and waits for the thank-you page: the form's, or the unique link's own for a link's recipient. */
export async function submitAndThank(page: Page, formUuid: string, opts: { linkId?: string } = {}) {
  await submit(page);
  await expect(page).toHaveURL(new RegExp(opts.linkId ? `/u/${opts.linkId}/thanks$` : `/f/${formUuid}/thanks$`));
  await expect(page.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
}

/** The one stored submission of a form, as GET /api/v2/submissions/:id returns its data; spam must be false. */
export async function onlySubmission(api: ApiClient, seed: Seed, organizationId: number, formId: number) {
  const rows = await storedRows(seed, formId);
  expect(rows.length).toBe(1);
  expect(rows[0]!.spam).toBe(false);
  return (await readSubmission(api, seed, organizationId, rows[0]!.id)).data;
}

/** A published form made of `elements`. */
export function formOf(seed: Seed, elements: unknown[], name = "Survey") {
  return publishedForm(seed, { name, elements });
}
