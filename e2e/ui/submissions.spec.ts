import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { readFile } from "node:fs/promises";
import { forms, submissions } from "../../db/schema";
import { submissionsCountSql } from "../../server/services/submissions/submission-count";
import { startReceiver, waitFor } from "../api/webhooks/receiver";
import { insertWebhook } from "../api/webhooks/helpers";
import { expect as baseExpect, test, type Seed } from "../fixtures";
import { openDashboardPage, tabTo } from "./helpers";
import { expectAccessibleAndNarrow } from "./a11y";

/** The Submissions pages: the table, filters built by clicks, one submission, edit, spam, delete, CSV, charts. */

// Pages load behind other builds on this machine: a patient expect, never a timing assertion.
const expect = baseExpect.configure({ timeout: 15_000 });

// Several pages, axe and two viewports per test, on a machine shared with other builds.
test.describe.configure({ timeout: 120_000 });

const opts = (...labels: string[]) => labels.map((label) => ({ id: `opt_${label.toLowerCase()}`, label, value: label.toLowerCase() }));

/** An option by id, label and value. */
const option = (id: string, label: string, value: string) => ({ id, label, value });
const part = (fixedname: string, label: string) => ({ fixedname, label, required: false });
const NAME_PARTS = [part("first_name", "First name"), part("last_name", "Last name")];
const NAME_ELEMENT = { id: "full_name", label: "Your name", type: "name", children: NAME_PARTS };
const COLLEAGUE_NAME = { id: "person_name", label: "Full name", type: "short-text" };
const COLLEAGUE_EMAIL = { id: "person_email", label: "Email address", type: "email" };

/** A small form for the table: text, number, choice, multi-choice, name. */
const TABLE_ELEMENTS = [
  { id: "nickname", label: "Nickname", type: "short-text" },
  { id: "team", label: "Team size", type: "number" },
  { id: "topic", label: "Topic", type: "radio", options: opts("Sales", "Support") },
  { id: "products", label: "Products", type: "multiple-checkbox", options: opts("Forms", "API", "Webhooks") },
  NAME_ELEMENT,
];

const DAY = 86_400_000;
/** Person i: team size i, topic Support when i is even, sent i days ago (noon UTC), so newest first is Person 1. */
function person(i: number) {
  const at = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate(), 12) - i * DAY);
  if (at.getTime() > Date.now()) at.setTime(at.getTime() - DAY);
  return {
    data: {
      nickname: i === 3 ? "=cmd|' /C calc'!A0" : `Person ${i}`,
      team: i,
      topic: i % 2 === 0 ? "support" : "sales",
      products: i % 3 === 0 ? ["forms", "webhooks"] : ["api"],
      full_name: { first_name: `First${i}`, last_name: `Last${i}` },
    },
    createdAt: at.toISOString(),
    duration: 100 - i,
  };
}

async function tableForm(seed: Seed, count = 25) {
  const org = await seed.org();
  const people = Array.from({ length: count }, (_, k) => person(k + 1));
  const form = await seed.form(org.organizationId, { name: "Team survey", elements: TABLE_ELEMENTS, submissions: people });
  const token = await seed.token(org.organizationId);
  return { org, form, token };
}

/** The rows of the submissions table (the charts have tables of their own). */
const bodyRows = (page: Page) => page.locator("table.submissions-table tbody tr");

/** The submission ids of the table, top to bottom (from each row's link, which also carries the set). */
async function tableIds(page: Page): Promise<string[]> {
  const hrefs = await bodyRows(page)
    .locator("a[href^='/submissions/']")
    .evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
  return hrefs.map((h) => h.split("?")[0]!.split("/").pop()!);
}

const nicknames = (page: Page) => bodyRows(page).locator("td:nth-child(3)");

async function addFilter(page: Page, field: string, condition: string, fill: (page: Page) => Promise<void>) {
  await page.getByRole("button", { name: "Add filter" }).click();
  const form = page.getByRole("form", { name: "New filter" });
  await form.getByLabel("Field").selectOption({ label: field });
  await form.getByLabel("Condition").selectOption({ label: condition });
  await fill(page);
  await form.getByRole("button", { name: "Apply filter" }).click();
}

const checkPage = expectAccessibleAndNarrow;

test("the table shows a form's submissions with field columns, sorts and pages like v2", async ({ page, seed, api }) => {
  const { org, form, token } = await tableForm(seed);
  await openDashboardPage(page, org, `/submissions?form=${form.uuid}`, "Submissions");

  const headers = ["", "Submitted", "Nickname", "Team size", "Topic", "Products", "Your name"];
  await expect(page.locator("table.submissions-table thead th")).toHaveText(headers);
  await expect(bodyRows(page)).toHaveCount(20);
  await expect(bodyRows(page).first().locator("td").nth(2)).toHaveText("Person 1");
  await expect(bodyRows(page).first().locator("td").nth(5)).toHaveText("API");
  await expect(bodyRows(page).first().locator("td").nth(6)).toHaveText("First1 Last1");
  await expect(page.getByText("1–20 of 25")).toBeVisible();
  const v2 = await api.get(`/api/v2/submissions?form_uuid=${form.uuid}`, token);
  expect(await tableIds(page)).toEqual(v2.body.submissions.map((s: { id: string }) => s.id));

  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("21–25 of 25")).toBeVisible();
  await expect(nicknames(page)).toHaveText(["Person 21", "Person 22", "Person 23", "Person 24", "Person 25"]);

  await page.getByLabel("Sort").selectOption({ label: "Oldest first" });
  await expect(nicknames(page).first()).toHaveText("Person 25");
  await expect(page.getByText("1–20 of 25")).toBeVisible();
  const asc = await api.get(`/api/v2/submissions?form_uuid=${form.uuid}&sort=created_at&order=asc`, token);
  expect(await tableIds(page)).toEqual(asc.body.submissions.map((s: { id: string }) => s.id));

  // Quickest first: duration 100 - i, so Person 25 (75 s) first.
  await page.getByLabel("Sort").selectOption({ label: "Quickest to answer" });
  await expect(nicknames(page).first()).toHaveText("Person 25");
  await checkPage(page, "submissions-table");
});

test("a submission opened from the table steps to Previous and Next in the table's filtered order, and back to it", async ({
  page,
  seed,
}) => {
  const { org, form } = await tableForm(seed, 8);
  await openDashboardPage(page, org, `/submissions?form=${form.uuid}`, "Submissions");
  await addFilter(page, "Topic", "is", async (p) => {
    await p.getByRole("form", { name: "New filter" }).getByLabel("Value").selectOption({ label: "Support" });
  });
  await page.getByLabel("Sort").selectOption({ label: "Oldest first" });
  await expect(nicknames(page)).toHaveText(["Person 8", "Person 6", "Person 4", "Person 2"]);
  const ids = await tableIds(page);
  const listUrl = page.url();

  await bodyRows(page).nth(1).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/submissions/${ids[1]}\\?`));
  const nav = page.getByRole("navigation", { name: "Submissions" });
  await nav.getByRole("link", { name: "Next →" }).click();
  await expect(page).toHaveURL(new RegExp(`/submissions/${ids[2]}\\?`));
  await expect(page.getByText("Person 4")).toBeVisible();
  await nav.getByRole("link", { name: "Next →" }).click();
  await expect(page).toHaveURL(new RegExp(`/submissions/${ids[3]}\\?`));
  // The last of the set has no Next; Previous walks back.
  await expect(nav.getByRole("link", { name: "← Previous" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Next →" })).toHaveCount(0);
  await checkPage(page, "submission-detail-stepping");
  await nav.getByRole("link", { name: "← Previous" }).click();
  await expect(page).toHaveURL(new RegExp(`/submissions/${ids[2]}\\?`));
  // Back to the table as it was: the same filter and sort.
  await nav.getByRole("link", { name: "← All submissions" }).click();
  await expect(nicknames(page)).toHaveText(["Person 8", "Person 6", "Person 4", "Person 2"]);
  const back = new URL(page.url()).searchParams;
  const list = new URL(listUrl).searchParams;
  for (const key of ["form", "sort", "order", "topic__is_equal_to"]) expect(back.get(key), key).toBe(list.get(key));
  expect(back.get("order")).toBe("asc");
});

test.describe("in the viewer's time zone", () => {
  test.use({ timezoneId: "Europe/Berlin", locale: "en-US" });

  test("Submitted shows date and time (the full timestamp on hover); a wide form keeps it in sight, saying more columns exist", async ({
    page,
    seed,
  }) => {
    const org = await seed.org();
    const wide = Array.from({ length: 14 }, (_, i) => ({
      id: `q${i}`,
      label: `A rather long question number ${i + 1}`,
      type: "short-text",
    }));
    const at = "2030-03-04T15:06:07.000Z";
    const data = Object.fromEntries(wide.map((el) => [el.id, `Answer to ${el.label}`]));
    const form = await seed.form(org.organizationId, { name: "Wide", elements: wide, submissions: [{ data, createdAt: at }] });
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDashboardPage(page, org, `/submissions?form=${form.uuid}`, "Submissions");

    // Berlin is UTC+1 in March: the viewer's time zone (the fixture's), to the minute, and every part on hover.
    const when = bodyRows(page).first().locator("time");
    await expect(when).toHaveText("Mar 4, 2030, 4:06 PM");
    await expect(when).toHaveAttribute("title", /March 4, 2030 at 4:06:07 PM GMT\+1/);

    const region = page.getByRole("region", { name: "Submissions of Wide" });
    await expect(page.getByText("More columns to the right: scroll sideways")).toBeVisible();
    const before = (await when.boundingBox())!;
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(page.getByText("More columns to the right: scroll sideways")).toHaveCount(0);
    await expect(bodyRows(page).first().locator("td").last()).toBeInViewport();
    // The first column stayed where it was, the last answer scrolled into sight beside it.
    const after = (await when.boundingBox())!;
    expect(Math.abs(after.x - before.x)).toBeLessThanOrEqual(1);
    await expect(when).toBeInViewport();
  });
});

test("Submitted shows and drives the server's sort (aria-sort); the keyboard reaches sort and paging", async ({ page, seed, api }) => {
  const { org, form, token } = await tableForm(seed);
  await openDashboardPage(page, org, `/submissions?form=${form.uuid}`, "Submissions");
  await expect(bodyRows(page)).toHaveCount(20);
  const table = page.locator("table.submissions-table");
  const submitted = table.getByRole("columnheader", { name: "Submitted" });
  const sortButton = submitted.getByRole("button", { name: "Submitted" });
  // Newest first: only the column the server sorts by says so.
  await expect(submitted).toHaveAttribute("aria-sort", "descending");
  await expect(table.locator("th[aria-sort]")).toHaveCount(1);

  // From the select-all box, Tab reaches the header; Enter asks the server for the other order, and focus stays.
  await page.getByRole("checkbox", { name: "Select all on this page" }).focus();
  await page.keyboard.press("Tab");
  await expect(sortButton).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(submitted).toHaveAttribute("aria-sort", "ascending");
  await expect(page).toHaveURL(/sort=created_at&order=asc/);
  await expect(page.getByLabel("Sort")).toHaveValue("created_at:asc");
  await expect(nicknames(page).first()).toHaveText("Person 25");
  const asc = await api.get(`/api/v2/submissions?form_uuid=${form.uuid}&sort=created_at&order=asc`, token);
  expect(await tableIds(page)).toEqual(asc.body.submissions.map((s: { id: string }) => s.id));
  await expect(sortButton).toBeFocused();

  // An order no column shows (the Sort menu's): no header claims it; the header then starts at newest first.
  await page.getByLabel("Sort").selectOption({ label: "Quickest to answer" });
  await expect(submitted).not.toHaveAttribute("aria-sort");
  await expect(table.locator("th[aria-sort]")).toHaveCount(0);
  await sortButton.click();
  await expect(submitted).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByLabel("Sort")).toHaveValue("created_at:desc");
  await expect(nicknames(page).first()).toHaveText("Person 1");

  // Tab goes on through the rows to the paging; Enter on Next shows page 2, and Previous brings page 1 back.
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await sortButton.focus();
  await tabTo(page, pagination.getByRole("button", { name: "Next" }), 80);
  await page.keyboard.press("Enter");
  await expect(page.getByText("21–25 of 25")).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  await sortButton.focus();
  await tabTo(page, pagination.getByRole("button", { name: "Previous" }), 40);
  await page.keyboard.press("Enter");
  await expect(page.getByText("1–20 of 25")).toBeVisible();

  // At 390 px each submission is a card; the header's sort stays in sight and in reach.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("checkbox", { name: "Select all on this page" }).focus();
  await page.keyboard.press("Tab");
  await expect(sortButton).toBeFocused();
  await expect(sortButton).toBeInViewport();
  const cells = bodyRows(page).first().locator("td[data-label]");
  const labels = await cells.evaluateAll((tds) => tds.map((td) => getComputedStyle(td, "::before").content));
  expect(labels).toEqual(["Submitted", "Nickname", "Team size", "Topic", "Products", "Your name"].map((l) => JSON.stringify(l)));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("a filter built by clicks returns exactly v2's rows; an invalid one shows v2's message beside it", async ({ page, seed, api }) => {
  const { org, form, token } = await tableForm(seed);
  await openDashboardPage(page, org, `/submissions?form=${form.uuid}`, "Submissions");
  await expect(bodyRows(page)).toHaveCount(20);

  await addFilter(page, "Team size", "is between", async (p) => {
    await p.getByRole("form", { name: "New filter" }).getByLabel("From", { exact: true }).fill("5");
    await p.getByRole("form", { name: "New filter" }).getByLabel("To", { exact: true }).fill("12");
  });
  await expect(page.locator(".filter-text")).toHaveText(["Team size is between 5 and 12"]);
  await addFilter(page, "Topic", "is", async (p) => {
    await p.getByRole("form", { name: "New filter" }).getByLabel("Value").selectOption({ label: "Support" });
  });
  await expect(nicknames(page)).toHaveText(["Person 6", "Person 8", "Person 10", "Person 12"]);
  expect(page.url()).toContain("team__in_range=5%2C12");
  expect(page.url()).toContain("topic__is_equal_to=support");
  const v2 = await api.get(`/api/v2/submissions?form_uuid=${form.uuid}&team__in_range=5,12&topic__is_equal_to=support`, token);
  expect(v2.body.meta.totalCount).toBe(4);
  expect(await tableIds(page)).toEqual(v2.body.submissions.map((s: { id: string }) => s.id));
  await expect(page.getByText("4 submissions")).toBeVisible();

  // A name part, by its label (v2 has no other name for it), and a multi-choice "is any of".
  await page.getByRole("button", { name: "Clear all filters" }).click();
  await addFilter(page, "Your name: Last name", "contains", (p) =>
    p.getByRole("form", { name: "New filter" }).getByLabel("Value").fill("last2"),
  );
  await addFilter(page, "Products", "is any of", (p) => p.getByRole("form", { name: "New filter" }).getByLabel("Webhooks").check());
  const lastName = encodeURIComponent("Last name");
  const v2b = await api.get(`/api/v2/submissions?form_uuid=${form.uuid}&${lastName}__contains=last2&products__is_in=webhooks`, token);
  await expect(nicknames(page)).toHaveText(v2b.body.submissions.map((s: { data: { nickname: string } }) => s.data.nickname));
  expect(v2b.body.submissions.map((s: { data: { nickname: string } }) => s.data.nickname)).toEqual(["Person 21", "Person 24"]);

  // min > max: v2's message, word for word, beside that filter.
  await page.getByRole("button", { name: "Clear all filters" }).click();
  await addFilter(page, "Team size", "is between", async (p) => {
    await p.getByRole("form", { name: "New filter" }).getByLabel("From", { exact: true }).fill("9");
    await p.getByRole("form", { name: "New filter" }).getByLabel("To", { exact: true }).fill("5");
  });
  const bad = await api.get(`/api/v2/submissions?form_uuid=${form.uuid}&team__in_range=9,5`, token);
  expect(bad.status).toBe(400);
  expect(bad.body.message).toBe("team__in_range: min must not be greater than max");
  await expect(page.locator(".filter-item.is-invalid .field-error")).toHaveText(bad.body.message);
  await expect(page.getByRole("heading", { name: "Fix the filter to see submissions" })).toBeVisible();
  await checkPage(page, "submissions-filter-error");
  await page.getByRole("button", { name: /^Remove filter/ }).click();
  await expect(bodyRows(page)).toHaveCount(20);
});

/** One element of each of the 16 types, and an answer to each (v2's stored shape). */
const ALL_ELEMENTS = [
  { id: "nickname", label: "Nickname", type: "short-text", required: true },
  { id: "story", label: "Your story", type: "long-text" },
  { id: "work_email", label: "Work email", type: "email" },
  { id: "team", label: "Team size", type: "number" },
  { id: "start", label: "Start date", type: "date" },
  { id: "ref", label: "Referrer", type: "hidden" },
  { id: "mobile", label: "Mobile", type: "phone", countrySelector: true },
  { id: "topic", label: "Topic", type: "radio", options: opts("Sales", "Support", "Other") },
  { id: "country", label: "Country", type: "dropdown", options: [option("o_de", "Germany", "DE"), option("o_fr", "France", "FR")] },
  { id: "products", label: "Products", type: "multiple-checkbox", options: opts("Forms", "API", "Webhooks") },
  { id: "mood", label: "Mood", type: "picture-checkbox", options: opts("Happy", "Meh") },
  { id: "priorities", label: "Rank what matters", type: "ranking", options: opts("Price", "Speed", "Privacy") },
  {
    id: "rate",
    label: "Rate us",
    type: "matrix",
    rows: [
      { id: "row_docs", label: "Documentation" },
      { id: "row_support", label: "Support" },
    ],
    columns: [option("col_bad", "Bad", "1"), option("col_ok", "OK", "2"), option("col_great", "Great", "3")],
  },
  { id: "people", label: "Colleague", type: "repeat-field", components: [COLLEAGUE_NAME, COLLEAGUE_EMAIL] },
  NAME_ELEMENT,
  {
    id: "postal",
    label: "Postal address",
    type: "address",
    children: [part("street", "Street"), part("city", "City"), part("zip", "ZIP code"), part("country", "Country")],
  },
];

const ALL_DATA = {
  nickname: "Ada",
  story: "Line one\nLine two",
  work_email: "ada@example.com",
  team: 12.5,
  start: "2030-06-03",
  ref: "campaign-7",
  mobile: "+442071234567",
  topic: "support",
  country: "FR",
  products: ["forms", "webhooks"],
  mood: "meh",
  priorities: ["privacy", "price", "speed"],
  rate: { row_docs: { col_great: "3" }, row_support: { col_ok: "2" } },
  people: [{ person_name: "Grace Hopper" }, { person_name: "Alan Turing", person_email: "alan@example.com" }],
  full_name: { first_name: "Ada", last_name: "Lovelace" },
  postal: { street: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "United Kingdom" },
};

const answer = (page: Page, label: string) =>
  page
    .locator(".answer-item")
    .filter({ has: page.locator(":scope > dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator(":scope > dd");

test("one submission shows every element type; edit (Submission.Updated) and the spam flag", async ({ page, seed }) => {
  const org = await seed.org();
  const answered = [{ data: ALL_DATA, duration: 92 }];
  const form = await seed.form(org.organizationId, { name: "Everything", elements: ALL_ELEMENTS, submissions: answered });
  const [stored] = await seed.db.select().from(submissions).where(eq(submissions.formId, form.id));
  const receiver = await startReceiver();
  try {
    await insertWebhook(seed.db, form.id, receiver.url, ["Submission.Updated"]);
    await openDashboardPage(page, org, `/submissions/${stored!.id}`, "Submission");

    await expect(answer(page, "Nickname")).toHaveText("Ada");
    await expect(answer(page, "Your story")).toHaveText("Line one\nLine two");
    await expect(answer(page, "Work email")).toHaveText("ada@example.com");
    await expect(answer(page, "Team size")).toHaveText("12.5");
    await expect(answer(page, "Start date")).toHaveText("Jun 3, 2030");
    await expect(answer(page, "Referrer")).toHaveText("campaign-7");
    await expect(answer(page, "Mobile")).toHaveText("+442071234567");
    await expect(answer(page, "Topic")).toHaveText("Support");
    await expect(answer(page, "Country")).toHaveText("France");
    await expect(answer(page, "Products").locator("li")).toHaveText(["Forms", "Webhooks"]);
    await expect(answer(page, "Mood")).toHaveText("Meh");
    await expect(answer(page, "Rank what matters").locator("ol > li")).toHaveText(["Privacy", "Price", "Speed"]);
    const matrix = page.getByRole("table", { name: "Rate us" });
    const documentation = matrix.getByRole("row", { name: /Documentation/ }).getByRole("cell");
    await expect(documentation).toHaveText(["not chosen", "not chosen", "✓chosen"]);
    await expect(matrix.getByRole("row", { name: /Support/ }).getByRole("cell")).toHaveText(["not chosen", "✓chosen", "not chosen"]);
    await expect(answer(page, "Colleague").locator("ol > li")).toHaveCount(2);
    await expect(answer(page, "Colleague").locator("ol > li").nth(1).locator("dd")).toHaveText(["Alan Turing", "alan@example.com"]);
    await expect(answer(page, "Your name").locator("dd")).toHaveText(["Ada", "Lovelace"]);
    await expect(answer(page, "Postal address").locator("dd")).toHaveText(["12 St James's Square", "London", "SW1Y 4JH", "United Kingdom"]);
    await expect(page.locator(".meta-list")).toContainText("Time to answer1 min 32 s");
    await expect(page.locator(".meta-list")).toContainText("Unique linkNone");
    await checkPage(page, "submission-detail");

    // Edit: a bad email is refused with the survey's message beside it; nothing stored.
    await page.getByRole("button", { name: "Edit answers" }).click();
    await page.getByLabel("Nickname").fill("Ada L.");
    await page.getByLabel("Work email").fill("not-an-email");
    await page.getByRole("button", { name: "Save answers" }).click();
    const workEmail = page.locator(".field.is-invalid").filter({ hasText: "Work email" });
    await expect(workEmail.locator(".field-error")).toHaveText("Enter an email address like name@example.com");
    await checkPage(page, "submission-edit-error");
    expect((await seed.db.select().from(submissions).where(eq(submissions.id, stored!.id)))[0]!.data).toEqual(ALL_DATA);

    await page.getByLabel("Work email").fill("ada@lovelace.example");
    await page.getByRole("button", { name: "Save answers" }).click();
    await expect(page.getByRole("status")).toContainText("Answers saved.");
    await expect(answer(page, "Nickname")).toHaveText("Ada L.");
    const [edited] = await seed.db.select().from(submissions).where(eq(submissions.id, stored!.id));
    expect(edited!.data).toEqual({ ...ALL_DATA, nickname: "Ada L.", work_email: "ada@lovelace.example" });
    expect(edited!.updatedAt.getTime()).toBeGreaterThan(stored!.updatedAt.getTime());
    const isUpdate = (r: { json?: { event?: string } }) => r.json?.event === "Submission.Updated";
    const updated = await waitFor("Submission.Updated", () => receiver.received.find(isUpdate), 20_000);
    expect(updated.json.submission.id).toBe(stored!.id);
    expect(updated.json.submission.data.nickname).toBe("Ada L.");

    // Spam and back: only the way back tells the webhooks (spam makes no events).
    await page.getByRole("button", { name: "Mark as spam" }).click();
    await expect(page.getByRole("status")).toContainText("Marked as spam.");
    await expect(page.locator(".meta-list")).toContainText("SpamSpam");
    expect((await seed.db.select().from(submissions).where(eq(submissions.id, stored!.id)))[0]!.spam).toBe(true);
    await page.getByRole("button", { name: "Not spam" }).click();
    await expect(page.getByRole("status")).toContainText("Marked as not spam.");
    expect((await seed.db.select().from(submissions).where(eq(submissions.id, stored!.id)))[0]!.spam).toBe(false);
    await waitFor("a second Submission.Updated", () => receiver.received.filter(isUpdate).length === 2, 20_000);
    expect(receiver.received.map((r) => r.json.submission.spam)).toEqual([false, false]);
  } finally {
    await receiver.close();
  }
});

test("delete many from the table: gone, counted, and Submission.Deleted delivered for each", async ({ page, seed }) => {
  const { org, form } = await tableForm(seed, 4);
  const receiver = await startReceiver();
  try {
    await insertWebhook(seed.db, form.id, receiver.url, ["Submission.Deleted"]);
    await openDashboardPage(page, org, `/submissions?form=${form.uuid}`, "Submissions");
    await expect(bodyRows(page)).toHaveCount(4);
    const ids = await tableIds(page);
    await bodyRows(page).nth(0).getByRole("checkbox").check();
    await bodyRows(page).nth(1).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Delete selected" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete 2 submissions?" });
    await expect(dialog).toBeVisible();
    await checkPage(page, "submissions-delete-dialog");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status")).toContainText("Deleted 2 submissions.");
    await expect(nicknames(page)).toHaveText(["=cmd|' /C calc'!A0", "Person 4"]);
    const left = await seed.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.formId, form.id));
    expect(left.map((r) => r.id).sort()).toEqual(ids.slice(2).sort());
    // The form's kept count follows (v2's totalCount and the forms list read it).
    const [counted] = await seed.db.select({ n: submissionsCountSql }).from(forms).where(eq(forms.id, form.id));
    expect(counted?.n).toBe(2);
    await waitFor("two Submission.Deleted", () => receiver.received.length >= 2, 20_000);
    expect(receiver.received.map((r) => r.json.event)).toEqual(["Submission.Deleted", "Submission.Deleted"]);
    expect(receiver.received.map((r) => r.json.submission.id).sort()).toEqual(ids.slice(0, 2).sort());

    // Spam from the table: the row leaves the default view ("Not spam"), the spam view lists it
    // alone, and "All submissions" shows both, the spam one marked.
    await expect(page.getByLabel("Show")).toHaveValue("not_spam");
    await bodyRows(page).nth(1).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Mark as spam" }).click();
    await expect(page.getByRole("status")).toContainText("Marked 1 submission as spam.");
    await expect(nicknames(page)).toHaveText(["=cmd|' /C calc'!A0"]);
    await page.getByLabel("Show").selectOption({ label: "Spam" });
    await expect(nicknames(page)).toHaveText(["Person 4"]);
    await expect(page).toHaveURL(/view=spam/);
    await page.getByLabel("Show").selectOption({ label: "All submissions" });
    await expect(nicknames(page)).toHaveText(["=cmd|' /C calc'!A0", "Person 4"]);
    await expect(bodyRows(page).nth(1).locator(".badge")).toHaveText("Spam");
    await page.getByLabel("Show").selectOption({ label: "Not spam" });
    await expect(nicknames(page)).toHaveText(["=cmd|' /C calc'!A0"]);
    await expect(page).not.toHaveURL(/view=/);
  } finally {
    await receiver.close();
  }
});

test("Download CSV: the filtered set, labels, split composites, joined choices, formulas neutralised", async ({ page, seed }) => {
  const { org, form } = await tableForm(seed, 6);
  await openDashboardPage(page, org, `/submissions?form=${form.uuid}`, "Submissions");
  await addFilter(page, "Team size", "is at most", (p) => p.getByRole("form", { name: "New filter" }).getByLabel("Value").fill("3"));
  await expect(bodyRows(page)).toHaveCount(3);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("Team survey.csv");
  const csv = await readFile((await download.path())!, "utf8");
  const rows = await seed.db.select().from(submissions).where(eq(submissions.formId, form.id));
  const byTeam = (n: number) => rows.find((r) => (r.data as { team: number }).team === n)!;
  const line = (n: number, nickname: string, topic: string, products: string) => {
    const r = byTeam(n);
    const times = `${r.createdAt.toISOString()},${r.updatedAt.toISOString()}`;
    return `${r.id},${times},${100 - n},no,${nickname},${n},${topic},${products},First${n},Last${n}`;
  };
  expect(csv).toBe(
    "\uFEFF" +
      [
        "Submission ID,Created at,Updated at,Duration (seconds),Spam,Nickname,Team size,Topic,Products," +
          "Your name: First name,Your name: Last name",
        line(1, "Person 1", "Sales", "API"),
        line(2, "Person 2", "Support", "API"),
        line(3, `'=cmd|' /C calc'!A0`, "Sales", "Forms; Webhooks"),
      ].join("\r\n") +
      "\r\n",
  );
  // The export is signed-in only.
  const anonymous = await page.context().browser()!.newContext();
  const res = await anonymous.request.get(new URL(`/submissions/export?form=${form.uuid}`, page.url()).toString());
  expect(res.status()).toBe(401);
  await anonymous.close();
});

test("charts: submissions per day and each choice's counts, for the filtered set", async ({ page, seed }) => {
  const { org, form } = await tableForm(seed, 6);
  await openDashboardPage(page, org, `/submissions?form=${form.uuid}`, "Submissions");
  const charts = page.getByRole("region", { name: "Overview" });
  await expect(charts.getByRole("img", { name: "Submissions per day, last 30 days" })).toBeVisible();
  await charts.getByText("Show the numbers").click();
  const perDay = charts.getByRole("table", { name: "Submissions per day" });
  await expect(perDay.locator("tbody tr")).toHaveCount(30);
  const counts = await perDay.locator("tbody tr td:nth-child(2)").allInnerTexts();
  // Persons 1–6, one a day on the last six days before today.
  expect(counts.slice(-7)).toEqual(["1", "1", "1", "1", "1", "1", "0"]);
  expect(counts.slice(0, -7).every((c) => c === "0")).toBe(true);
  await expect(charts.getByRole("table", { name: "Answers to Topic" }).locator("tbody tr")).toHaveText(["Sales350%", "Support350%"]);
  const products = charts.getByRole("table", { name: "Answers to Products" }).locator("tbody tr");
  await expect(products).toHaveText(["Forms233.3%", "API466.7%", "Webhooks233.3%"]);

  await addFilter(page, "Topic", "is", async (p) => {
    await p.getByRole("form", { name: "New filter" }).getByLabel("Value").selectOption({ label: "Support" });
  });
  await expect(charts.getByRole("table", { name: "Answers to Topic" }).locator("tbody tr")).toHaveText(["Sales00%", "Support3100%"]);
  await checkPage(page, "submissions-charts");
});

test("a form without submissions says to share its link", async ({ page, seed }) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, { name: "Quiet form", elements: TABLE_ELEMENTS });
  await openDashboardPage(page, org, `/submissions?form=${form.uuid}`, "Submissions");
  await expect(page.getByRole("heading", { name: "No submissions yet" })).toBeVisible();
  await expect(page.locator(".survey-url a")).toHaveAttribute("href", new RegExp(`/f/${form.uuid}$`));
  await expect(page.getByText("npm run")).toHaveCount(0);
  await checkPage(page, "submissions-empty");
});

test("by keyboard: a filter is added and applied with Enter; the delete dialog closes with Escape and gives focus back", async ({
  page,
  seed,
}) => {
  const { org, form } = await tableForm(seed, 4);
  await openDashboardPage(page, org, `/submissions?form=${form.uuid}`, "Submissions");
  await expect(bodyRows(page)).toHaveCount(4);

  await page.getByRole("button", { name: "Add filter" }).focus();
  await page.keyboard.press("Enter");
  const newFilter = page.getByRole("form", { name: "New filter" });
  await expect(newFilter.getByLabel("Field")).toBeFocused();
  await newFilter.getByLabel("Field").selectOption({ label: "Nickname" });
  await page.keyboard.press("Tab");
  await expect(newFilter.getByLabel("Condition")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(newFilter.getByLabel("Value")).toBeFocused();
  await page.keyboard.type("Person 4");
  await page.keyboard.press("Enter");
  await expect(nicknames(page)).toHaveText(["Person 4"]);

  const box = bodyRows(page).first().getByRole("checkbox");
  await box.focus();
  await page.keyboard.press("Space");
  await expect(box).toBeChecked();
  const del = page.getByRole("button", { name: "Delete selected" });
  await del.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Delete 1 submission?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(del).toBeFocused();
  expect(await seed.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.formId, form.id))).toHaveLength(4);
});
