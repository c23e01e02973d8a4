import type { Locator, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { forms, submissions } from "../../db/schema";
import { readFile } from "node:fs/promises";
import { expect, test, type Seed } from "../fixtures";
import { onlySubmission, openSurvey, submitAndThank } from "./survey/survey-helpers";
import { openDashboardPage, screenshot } from "./helpers";
import { expectNoAxeViolations } from "./a11y";
import { choiceElement, nameElement } from "../fixtures/elements";

/** The form builder (/forms/<uuid>/edit): drafts, autosave, publish, through the real services. */

test.slow();

async function openBuilder(page: Page, user: { email: string; password: string }, uuid: string, name: string) {
  await openDashboardPage(page, user, `/forms/${uuid}/edit`, name);
  // Hydrated: the palette answers clicks.
  await expect(page.getByRole("region", { name: "Add a field" }).getByRole("button", { name: "Short text" })).toBeEnabled();
}

const card = (page: Page, n: number) => page.locator("ol.bl-cards > li").nth(n - 1);
const saved = (page: Page) => expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 15_000 });
/** Elements sticking out past the viewport's right edge (empty when the page fits). */
async function overflowing(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .filter(
        (el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && (el as HTMLElement).offsetParent !== null,
      )
      .slice(-8)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().width)}`),
  );
}
const storedForm = async (seed: Seed, id: number) => (await seed.db.select().from(forms).where(eq(forms.id, id)))[0]!;

/** Presses Enter on a control, reached by focus (the keyboard path). */
async function press(locator: Locator, key = "Enter") {
  await locator.focus();
  await locator.press(key);
}

/** Adds a field from the palette by keyboard and types its label into the focused label box. */
async function addField(page: Page, typeLabel: string, label: string) {
  await press(page.getByRole("region", { name: "Add a field" }).getByRole("button", { name: typeLabel, exact: true }));
  const focused = page.locator("[data-label-input]:focus");
  await expect(focused).toHaveCount(1);
  await page.keyboard.type(label);
  return page.locator("ol.bl-cards > li").last();
}

async function bulkAdd(scope: Locator, noun: string, lines: string[]) {
  await scope.getByLabel(`Add ${noun}s, one per line`).focus();
  await scope.page().keyboard.type(lines.join("\n"));
  await press(scope.getByRole("button", { name: `Add these ${noun}s` }));
}

test("builds a form of all 16 types by keyboard, publishes it, and a respondent's answers are stored under the builder's ids", async ({
  page,
  seed,
  api,
}) => {
  test.setTimeout(300_000);
  const org = await seed.org();
  const form = await seed.form(org.organizationId, { name: "Everything form" });
  await openBuilder(page, org, form.uuid, "Everything form");
  await expect(page.getByTestId("publish-state")).toHaveText("Draft");

  await addField(page, "Short text", "Nickname");
  await addField(page, "Long text", "Your story");
  await addField(page, "Email", "Work email");
  await addField(page, "Number", "Team size");
  await addField(page, "Date", "Start date");
  await addField(page, "Hidden", "Referrer");
  const phone = await addField(page, "Phone", "Mobile");
  await press(phone.getByLabel("Country code selector"), "Space");
  await bulkAdd(await addField(page, "Radio buttons", "Topic"), "option", ["Sales", "Support"]);
  await bulkAdd(await addField(page, "Dropdown", "Residence"), "option", ["Germany", "France"]);
  await bulkAdd(await addField(page, "Picture choice", "Mood"), "option", ["Happy", "Meh"]);
  await bulkAdd(await addField(page, "Checkboxes", "Products"), "option", ["Forms", "API", "Webhooks"]);
  await bulkAdd(await addField(page, "Ranking", "Priorities"), "option", ["Price", "Speed"]);
  const matrix = await addField(page, "Matrix", "Rate us");
  await bulkAdd(matrix.getByRole("group", { name: "Rows" }), "row", ["Documentation", "Pricing"]);
  await bulkAdd(matrix.getByRole("group", { name: "Columns" }), "column", ["Bad", "Good"]);
  const repeat = await addField(page, "Repeat field", "Colleague");
  await press(repeat.getByRole("button", { name: "Add field" }));
  await repeat
    .getByRole("listitem", { name: /^Field 1 in each entry/ })
    .getByLabel("Question", { exact: true })
    .focus();
  await page.keyboard.type("Full name");
  await repeat.getByLabel("New field in each entry").focus();
  await page.keyboard.press("ArrowDown"); // Long text
  await page.keyboard.press("ArrowDown"); // Email
  await expect(repeat.getByLabel("New field in each entry")).toHaveValue("email");
  await press(repeat.getByRole("button", { name: "Add field" }));
  await repeat
    .getByRole("listitem", { name: /^Field 2 in each entry/ })
    .getByLabel("Question", { exact: true })
    .focus();
  await page.keyboard.type("Email address");
  await addField(page, "Name", "Your name");
  await addField(page, "Address", "Postal address");
  await expect(page.locator("ol.bl-cards > li")).toHaveCount(16);
  await saved(page);
  await expect(page.getByTestId("publish-state")).toHaveText("Draft");

  // The preview draws the draft with the survey's own form.
  await expect(page.getByRole("complementary", { name: "Preview" }).getByRole("group", { name: "Rate us" })).toBeVisible();
  await expectNoAxeViolations(page, "builder with 16 fields");
  await screenshot(page, "builder-desktop");

  // Draft saved, nothing live yet.
  const before = await storedForm(seed, form.id);
  expect(before.elements).toEqual([]);
  expect(before.published).toBe(false);
  const draft = before.draftElements!;
  expect(draft.map((e) => e.type)).toEqual([
    "short-text",
    "long-text",
    "email",
    "number",
    "date",
    "hidden",
    "phone",
    "radio",
    "dropdown",
    "picture-checkbox",
    "multiple-checkbox",
    "ranking",
    "matrix",
    "repeat-field",
    "name",
    "address",
  ]);

  await press(page.getByRole("button", { name: "Publish", exact: true }));
  await expect(page.getByTestId("publish-state")).toHaveText("Published");
  await expect(page.getByText("Published. The form takes answers now.")).toBeVisible();
  const after = await storedForm(seed, form.id);
  expect(after.published).toBe(true);
  expect(after.draftElements).toBeNull();
  expect(after.elements).toEqual(draft);

  const id = (label: string) => draft.find((e) => e.label === label)!.id;
  const el = (label: string) => draft.find((e) => e.label === label)!;
  for (const e of draft) expect(e.id).toMatch(/^el_[0-9a-z]{6}$/);

  await openSurvey(page, `/f/${form.uuid}?${id("Referrer")}=campaign-7`);
  await page.getByLabel("Nickname").fill("Ada");
  await page.getByLabel("Your story").fill("Line one");
  await page.getByLabel("Work email").fill("ada@example.com");
  await page.getByLabel("Team size").fill("12");
  await page.getByLabel("Start date").fill("2030-06-03");
  await page.getByLabel("Country code").selectOption("GB");
  await page.getByLabel("Mobile").fill("20 7123 4567");
  await page.getByRole("group", { name: "Topic" }).getByLabel("Support").check();
  await page.getByLabel("Residence").selectOption({ label: "France" });
  await page.getByRole("group", { name: "Mood" }).getByText("Meh").click();
  await page.getByRole("group", { name: "Products" }).getByLabel("API").check();
  await page.getByRole("button", { name: "Move Speed up" }).click();
  await page.getByRole("group", { name: "Pricing" }).getByRole("radio", { name: "Good" }).check();
  await page.getByRole("group", { name: "Colleague 1", exact: true }).getByLabel("Full name").fill("Grace Hopper");
  await page.getByRole("group", { name: "Colleague 1", exact: true }).getByLabel("Email address").fill("grace@example.com");
  await page.getByRole("group", { name: "Your name" }).getByLabel("First name").fill("Ada");
  await page.getByRole("group", { name: "Your name" }).getByLabel("Last name").fill("Lovelace");
  await page.getByRole("group", { name: "Postal address" }).getByLabel("Street").fill("12 St James's Square");
  await page.getByRole("group", { name: "Postal address" }).getByLabel("City").fill("London");
  await submitAndThank(page, form.uuid);

  const data = await onlySubmission(api, seed, org.organizationId, form.id);
  const matrixEl = el("Rate us");
  const repeatEl = el("Colleague");
  expect(data).toEqual({
    [id("Nickname")]: "Ada",
    [id("Your story")]: "Line one",
    [id("Work email")]: "ada@example.com",
    [id("Team size")]: 12,
    [id("Start date")]: "2030-06-03",
    [id("Referrer")]: "campaign-7",
    [id("Mobile")]: "+442071234567",
    [id("Topic")]: "Support",
    [id("Residence")]: "France",
    [id("Mood")]: "Meh",
    [id("Products")]: ["API"],
    [id("Priorities")]: ["Speed", "Price"],
    [id("Rate us")]: { [matrixEl.rows![1]!.id]: { [matrixEl.columns![1]!.id]: expect.anything() } },
    [id("Colleague")]: [{ [repeatEl.components![0]!.id]: "Grace Hopper", [repeatEl.components![1]!.id]: "grace@example.com" }],
    [id("Your name")]: { first_name: "Ada", last_name: "Lovelace" },
    [id("Postal address")]: { street: "12 St James's Square", city: "London" },
  });

  // The owner finds the answer in the Submissions table and in the CSV export.
  await page.goto(`/submissions?form=${form.uuid}`);
  const table = page.locator("table.submissions-table");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator("thead th")).toContainText(["Nickname", "Your story", "Work email"]);
  await expect(table.locator("tbody tr").first()).toContainText("Ada");
  await expect(table.locator("tbody tr").first()).toContainText("ada@example.com");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("Everything form.csv");
  const [header, row, ...rest] = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "").split("\r\n");
  expect(rest).toEqual([""]);
  const cells = Object.fromEntries(header!.split(",").map((h, i) => [h, row!.split(",")[i]]));
  expect(cells).toMatchObject({
    Nickname: "Ada",
    "Work email": "ada@example.com",
    "Team size": "12",
    Topic: "Support",
    Products: "API",
    "Your name: First name": "Ada",
    "Your name: Last name": "Lovelace",
    "Postal address: City": "London",
  });
});

test("ids stay the same after a rename and a reorder (read through the v2 API)", async ({ page, seed, api }) => {
  const org = await seed.org();
  const elements = [
    choiceElement("q_color", "Colour", "radio", { o_red: ["Red", "Red"], o_blue: ["Blue", "Blue"] }),
    { id: "q_name", label: "Name", type: "short-text" },
  ];
  const form = await seed.form(org.organizationId, { name: "Stable ids", elements }, { publish: true });
  await openBuilder(page, org, form.uuid, "Stable ids");
  await expect(page.getByTestId("publish-state")).toHaveText("Published");

  await card(page, 1).getByLabel("Question", { exact: true }).fill("Favourite colour");
  await card(page, 1).getByLabel("Option 1", { exact: true }).fill("Crimson");
  await press(card(page, 1).getByRole("button", { name: "Move down" }));
  await expect(page.getByTestId("builder-announcement")).toHaveText("Radio buttons “Favourite colour” moved to position 2 of 2.");
  await expect(card(page, 2).getByRole("button", { name: "Move up" })).toBeFocused();
  await saved(page);
  await expect(page.getByTestId("publish-state")).toHaveText("Unpublished changes");

  // The survey and the API still serve the published elements while the draft is edited.
  const token = await seed.token(org.organizationId, { scopes: ["form.view"] });
  const live = await api.get(`/api/v2/forms/${form.uuid}`, token);
  expect(live.body.elements.map((e: { label: string }) => e.label)).toEqual(["Colour", "Name"]);
  // An autosaved draft is not a change anyone else sees: updatedAt stays.
  expect(live.body.updatedAt).toBe((await storedForm(seed, form.id)).createdAt.toISOString());

  await press(page.getByRole("button", { name: "Publish changes" }));
  await expect(page.getByTestId("publish-state")).toHaveText("Published");
  const res = await api.get(`/api/v2/forms/${form.uuid}`, token);
  expect(res.status).toBe(200);
  expect(res.body.elements).toEqual([
    { id: "q_name", label: "Name", type: "short-text" },
    choiceElement("q_color", "Favourite colour", "radio", { o_red: ["Crimson", "Crimson"], o_blue: ["Blue", "Blue"] }),
  ]);
});

test("publishing with problems shows each beside its field and a summary; nothing is published", async ({ page, seed }) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, {
    name: "Unfinished",
    elements: [{ id: "intro", label: "Your name", type: "short-text" }],
  });
  await openBuilder(page, org, form.uuid, "Unfinished");
  await press(page.getByRole("region", { name: "Add a field" }).getByRole("button", { name: "Radio buttons" }));
  await press(page.getByRole("region", { name: "Add a field" }).getByRole("button", { name: "Matrix" }));
  await bulkAdd(card(page, 3).getByRole("group", { name: "Rows" }), "row", ["Speed"]);
  await saved(page);
  await press(page.getByRole("button", { name: "Publish", exact: true }));

  const summary = page.getByRole("alert").filter({ hasText: "things to fix before publishing" });
  await expect(summary.getByRole("heading")).toHaveText("4 things to fix before publishing");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link")).toHaveText([
    "Question 2: Options must not be empty",
    "Question 2: Label must not be empty",
    "Question 3: Columns must not be empty",
    "Question 3: Label must not be empty",
  ]);
  await expect(card(page, 2).locator(".bl-card-alert")).toHaveText("2 things to fix in this question");
  await expect(card(page, 2).getByText("Options must not be empty")).toBeVisible();
  await expect(card(page, 2).getByLabel("Question", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(card(page, 1).locator(".bl-card-alert")).toHaveCount(0);
  await screenshot(page, "builder-problems");
  await expectNoAxeViolations(page, "builder with publish problems");

  await summary.getByRole("link", { name: "Question 2: Options must not be empty" }).click();
  await expect(card(page, 2).getByLabel("Question", { exact: true })).toBeFocused();

  const stored = await storedForm(seed, form.id);
  expect(stored.published).toBe(false);
  expect(stored.elements).toEqual([{ id: "intro", label: "Your name", type: "short-text" }]);
  expect(stored.draftElements).toHaveLength(3);
});

test("deleting a field of a form with submissions warns with the number of answers, and the answers stay", async ({ page, seed }) => {
  const org = await seed.org();
  const elements = [
    { id: "q_topic", label: "Topic", type: "short-text" },
    { id: "q_note", label: "Note", type: "short-text" },
  ];
  const form = await seed.form(
    org.organizationId,
    {
      name: "Answered",
      elements,
      submissions: [{ data: { q_topic: "A", q_note: "x" } }, { data: { q_note: "y" } }, { data: { q_topic: null } }],
    },
    { publish: true },
  );
  await openBuilder(page, org, form.uuid, "Answered");
  const deleteButton = card(page, 1).getByRole("button", { name: "Delete" });
  await press(deleteButton);
  const dialog = page.getByRole("dialog", { name: "Delete this field?" });
  await expect(dialog).toContainText(
    "1 of 3 submissions hold an answer to “Topic”. The stored answers stay in the submissions; the field leaves the form when you publish.",
  );
  await expectNoAxeViolations(page, "delete dialog open");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await expect(page.locator("ol.bl-cards > li")).toHaveCount(2);

  await press(deleteButton);
  await press(dialog.getByRole("button", { name: "Delete field" }));
  await expect(page.locator("ol.bl-cards > li")).toHaveCount(1);
  await expect(page.getByTestId("builder-announcement")).toHaveText("Question 1 deleted.");
  await saved(page);
  const stored = await storedForm(seed, form.id);
  expect(stored.draftElements).toEqual([elements[1]]);
  expect(stored.elements).toEqual(elements);
  expect(stored.submissionsCount).toBe(3);
});

test("removing a repeat field's component warns with the submissions holding an answer for it in any row, and the answers stay", async ({
  page,
  seed,
}) => {
  const org = await seed.org();
  const components = [
    { id: "c_who", label: "Who", type: "short-text" },
    { id: "c_age", label: "Age", type: "number" },
  ];
  const elements = [{ id: "q_people", label: "People", type: "repeat-field", components }];
  const data = [
    { q_people: [{ c_who: "Ada" }, { c_age: 36 }] },
    { q_people: [{ c_age: null }, { c_who: "Grace" }] },
    { q_people: [{ c_who: null }] },
    { q_people: [] },
  ];
  const form = await seed.form(
    org.organizationId,
    { name: "Crew", elements, submissions: data.map((d) => ({ data: d })) },
    { publish: true },
  );
  await openBuilder(page, org, form.uuid, "Crew");
  const repeat = card(page, 1);
  await expect(repeat.locator(".bl-component")).toHaveCount(2);

  const removeWho = repeat.getByRole("button", { name: "Remove field 1" });
  await press(removeWho);
  const dialog = page.getByRole("dialog", { name: "Delete this field?" });
  await expect(dialog).toContainText(
    "2 of 4 submissions hold an answer to “Who” in “People”. " +
      "The stored answers stay in the submissions; the field leaves the form when you publish.",
  );
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(repeat.locator(".bl-component")).toHaveCount(2);

  // "Age" is in one submission's rows only.
  await press(repeat.getByRole("button", { name: "Remove field 2" }));
  await expect(dialog).toContainText("1 of 4 submissions hold an answer to “Age” in “People”.");
  await press(dialog.getByRole("button", { name: "Cancel" }));

  await press(removeWho);
  await press(dialog.getByRole("button", { name: "Delete field" }));
  await expect(dialog).toBeHidden();
  await expect(repeat.getByRole("listitem", { name: /^Field \d in each entry/ })).toHaveAccessibleName("Field 1 in each entry: Age");
  await expect(page.getByTestId("builder-announcement")).toHaveText("Field 1 in each entry of question 1 deleted.");
  // Focus stays in the repeat field, on the Remove button that took the deleted one's place.
  await expect(repeat.getByRole("button", { name: "Remove field 1" })).toBeFocused();
  await saved(page);
  const stored = await storedForm(seed, form.id);
  expect(stored.draftElements).toEqual([{ ...elements[0], components: [components[1]] }]);
  expect(stored.elements).toEqual(elements);
  const kept = await seed.db.select({ data: submissions.data }).from(submissions).where(eq(submissions.formId, form.id));
  const byJson = (list: unknown[]) => list.map((d) => JSON.stringify(d)).sort();
  expect(byJson(kept.map((r) => r.data))).toEqual(byJson(data));
});

test(`a form never published offers Discard changes too: \
back to its imported fields, or to an empty form when it was created blank`, async ({ page, seed }) => {
  const org = await seed.org();
  const imported = await seed.form(org.organizationId, {
    name: "Imported draft",
    elements: [{ id: "q_topic", label: "Topic", type: "short-text" }],
  });
  await openBuilder(page, org, imported.uuid, "Imported draft");
  const discardButton = page.getByRole("button", { name: "Discard changes" });
  await expect(discardButton).toHaveCount(0);
  await addField(page, "Email", "Work email");
  await saved(page);
  await press(discardButton);
  const dialog = page.getByRole("dialog", { name: "Discard unpublished changes?" });
  await expect(dialog).toContainText(
    "The builder goes back to the form as it was before these changes (1 field). Changes you have not published are lost.",
  );
  await press(dialog.getByRole("button", { name: "Discard changes" }));
  await expect(page.getByText("Changes discarded. The builder shows the form as it was before them.")).toBeVisible();
  await expect(page.locator("ol.bl-cards > li .bl-card-label")).toHaveText([" — Topic"]);
  await expect(discardButton).toHaveCount(0);
  expect(await storedForm(seed, imported.id)).toMatchObject({
    published: false,
    draftElements: null,
    elements: [{ id: "q_topic", label: "Topic", type: "short-text" }],
  });

  const blank = await seed.form(org.organizationId, { name: "Blank draft" });
  await openBuilder(page, org, blank.uuid, "Blank draft");
  await addField(page, "Short text", "Nickname");
  await addField(page, "Number", "Age");
  await saved(page);
  await expect(page.getByTestId("publish-state")).toHaveText("Draft");
  await press(discardButton);
  await expect(dialog).toContainText(
    "The builder goes back to an empty form: every field is removed. Changes you have not published are lost.",
  );
  await expectNoAxeViolations(page, "discard dialog of a form never published");
  await press(dialog.getByRole("button", { name: "Cancel" }));
  await expect(page.locator("ol.bl-cards > li")).toHaveCount(2);
  await press(discardButton);
  await press(dialog.getByRole("button", { name: "Discard changes" }));
  await expect(page.getByText("Changes discarded. The form is empty again.")).toBeVisible();
  await expect(page.getByText("This form has no fields yet. Add one from the list above.")).toBeVisible();
  expect(await storedForm(seed, blank.id)).toMatchObject({ published: false, draftElements: null, elements: [] });
});

test("the preview keeps what the author typed into it across edits, while it still draws every edit", async ({ page, seed }) => {
  const org = await seed.org();
  const elements = [
    { id: "q_name", label: "Name", type: "short-text" },
    choiceElement("q_colour", "Colour", "radio", { o_red: ["Red", "Red"], o_blue: ["Blue", "Blue"] }),
  ];
  const form = await seed.form(org.organizationId, { name: "Preview me", elements });
  await openBuilder(page, org, form.uuid, "Preview me");
  const preview = page.getByRole("complementary", { name: "Preview" });
  await preview.getByRole("textbox", { name: "Name" }).fill("Ada");
  await preview.getByRole("radio", { name: "Blue" }).check();

  // A label edit and a new field: both drawn, the entered values kept.
  await card(page, 2).getByLabel("Question", { exact: true }).fill("Favourite colour");
  await addField(page, "Email", "Work email");
  await expect(preview.getByRole("group", { name: "Favourite colour" })).toBeVisible();
  await expect(preview.getByRole("textbox", { name: "Work email" })).toHaveValue("");
  await expect(preview.getByRole("textbox", { name: "Name" })).toHaveValue("Ada");
  await expect(preview.getByRole("radio", { name: "Blue" })).toBeChecked();
  await preview.getByRole("textbox", { name: "Work email" }).fill("ada@example.com");

  // Renaming the chosen option changes what the answer would be: that choice starts empty.
  await card(page, 2).getByLabel("Option 2", { exact: true }).fill("Navy");
  await expect(preview.getByRole("radio", { name: "Navy" })).not.toBeChecked();
  await expect(preview.getByRole("textbox", { name: "Name" })).toHaveValue("Ada");
  await expect(preview.getByRole("textbox", { name: "Work email" })).toHaveValue("ada@example.com");

  // A deleted field's value is gone with it; the others stay.
  await press(card(page, 1).getByRole("button", { name: "Delete" }));
  await expect(preview.getByRole("textbox", { name: "Name" })).toHaveCount(0);
  await expect(preview.getByRole("textbox", { name: "Work email" })).toHaveValue("ada@example.com");
});

test("drag reorders with the pointer and with the keyboard", async ({ page, seed }) => {
  const org = await seed.org();
  const elements = ["One", "Two", "Three"].map((label) => ({ id: `q_${label.toLowerCase()}`, label, type: "short-text" }));
  const form = await seed.form(org.organizationId, { name: "Drag me", elements });
  await openBuilder(page, org, form.uuid, "Drag me");

  const handle = card(page, 1).getByRole("button", { name: "Drag to reorder question 1" });
  const target = await card(page, 3).boundingBox();
  const from = await handle.boundingBox();
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  await page.mouse.move(from!.x + 10, from!.y + 40, { steps: 5 });
  await page.mouse.move(from!.x + 10, target!.y + target!.height - 10, { steps: 15 });
  await page.mouse.up();
  await expect(page.locator("ol.bl-cards > li .bl-card-label")).toHaveText([" — Two", " — Three", " — One"]);
  await saved(page);
  expect((await storedForm(seed, form.id)).draftElements!.map((e) => e.id)).toEqual(["q_two", "q_three", "q_one"]);

  // Keyboard: space picks up, arrow moves, space drops.
  const dndStatus = page.locator("[id^=DndLiveRegion]");
  await card(page, 3).getByRole("button", { name: "Drag to reorder question 3" }).focus();
  await page.keyboard.press("Space");
  // dnd-kit announces the pick-up and, at once, where the card is.
  await expect(dndStatus).toContainText(/Picked up question 3|Question 3 is over position 3/);
  // Its keyboard sensor starts listening a tick after the pick-up, so on a busy machine the
  // first arrow can come too soon: press again only while the card has not moved.
  await expect(async () => {
    if (!(await dndStatus.textContent())?.includes("over position 2")) await page.keyboard.press("ArrowUp");
    await expect(dndStatus).toContainText("Question 3 is over position 2", { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press("Space");
  await expect(dndStatus).toContainText("Question 3 dropped at position 2");
  await expect(page.locator("ol.bl-cards > li .bl-card-label")).toHaveText([" — Two", " — One", " — Three"]);
  await saved(page);
  expect((await storedForm(seed, form.id)).draftElements!.map((e) => e.id)).toEqual(["q_two", "q_one", "q_three"]);
});

test("unpublish makes the survey page refuse the form", async ({ page, seed }) => {
  const org = await seed.org();
  const form = await seed.form(
    org.organizationId,
    { name: "Live form", elements: [{ id: "q", label: "Anything", type: "short-text" }] },
    { publish: true },
  );
  await openBuilder(page, org, form.uuid, "Live form");
  await press(page.getByRole("button", { name: "Unpublish" }));
  await expect(page.getByTestId("publish-state")).toHaveText("Draft");
  await expect(page.getByText("Unpublished. The survey page no longer takes answers.")).toBeVisible();
  expect((await storedForm(seed, form.id)).published).toBe(false);
  const res = await page.goto(`/f/${form.uuid}`);
  expect(res!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This form is not available" })).toBeVisible();
});

test("a second tab's save is refused with a message instead of overwriting the first", async ({ page, seed, context }) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, { name: "Two tabs", elements: [{ id: "q", label: "Question", type: "short-text" }] });
  await openBuilder(page, org, form.uuid, "Two tabs");
  const other = await context.newPage();
  await other.goto(`/forms/${form.uuid}/edit`);
  await expect(other.getByRole("heading", { level: 1, name: "Two tabs" })).toBeVisible();
  await expect(other.getByRole("region", { name: "Add a field" }).getByRole("button", { name: "Short text" })).toBeEnabled();

  await card(page, 1).getByLabel("Question", { exact: true }).fill("From tab one");
  await saved(page);
  await card(other, 1).getByLabel("Question", { exact: true }).fill("From tab two");
  await expect(other.locator(".bl-conflict")).toContainText("This form was changed in another tab or by someone else since you opened it");
  await expect(other.getByTestId("save-status")).toHaveText("Not saved: changed elsewhere");
  expect((await storedForm(seed, form.id)).draftElements![0]!.label).toBe("From tab one");

  await other.getByRole("button", { name: "Reload the latest version" }).click();
  await expect(card(other, 1).getByLabel("Question", { exact: true })).toHaveValue("From tab one");
});

test("at 390 px the builder fits, toggles its preview, and passes axe", async ({ page, seed }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const org = await seed.org();
  const elements = [
    { id: "q_color", label: "Favourite colour", type: "radio", required: true, options: [{ id: "o_red", label: "Red", value: "Red" }] },
    { id: "q_grid", label: "Rate us", type: "matrix", rows: [{ id: "r1", label: "Speed" }], columns: [{ id: "c1", label: "Good" }] },
    nameElement("q_name", "Your name", { first_name: ["First name", true] }),
  ];
  const form = await seed.form(org.organizationId, { name: "Small screen", elements }, { publish: true });
  await openBuilder(page, org, form.uuid, "Small screen");
  await screenshot(page, "builder-390");
  expect(await overflowing(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, "builder at 390 px");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("complementary", { name: "Preview" }).getByRole("group", { name: "Favourite colour" })).toBeVisible();
  expect(await overflowing(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, "builder preview at 390 px");
  await screenshot(page, "builder-390-preview");
  await page.getByRole("button", { name: "Back to editing" }).click();
  await expect(card(page, 1).getByLabel("Question", { exact: true })).toBeVisible();
});
