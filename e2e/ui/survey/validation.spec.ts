import { expect, test } from "../../fixtures";
import { publishedForm, storedRows } from "../../api/survey/survey-fixtures";
import { onlySubmission, openSurvey, submit, submitAndThank } from "./survey-helpers";

/** Errors with JavaScript: on submit, beside their fields, in an announced summary; cleared as they are fixed. */

test("a failed submit shows an announced, focused error summary and each error beside its field", async ({ page, seed }) => {
  const { form } = await publishedForm(seed);
  await openSurvey(page, `/f/${form.uuid}`);
  await page.getByLabel("Email", { exact: true }).first().fill("ada-at-example");
  await page.getByLabel("Company size").fill("a dozen");
  await submit(page);

  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("listitem")).toHaveText([
    "First name: This field is required",
    "Last name: This field is required",
    "Email: Enter an email address like name@example.com",
    "Message: This field is required",
    "Company size: Enter a number, like 12 or 3.5",
  ]);
  expect(page.url()).toMatch(new RegExp(`/f/${form.uuid}$`));

  // Each control is described by its own message.
  const email = page.getByLabel("Email", { exact: true }).first();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  const describedBy = await email.getAttribute("aria-describedby");
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText("Enter an email address like name@example.com");
  await expect(page.getByRole("group", { name: "Your name" }).getByLabel("Last name")).toHaveAccessibleDescription(
    "This field is required",
  );

  // A summary link moves focus to its field.
  await summary.getByRole("link", { name: "Message: This field is required" }).click();
  await expect(page.getByLabel("Message")).toBeFocused();
  expect(await storedRows(seed, form.id)).toEqual([]);
});

test("errors clear as they are fixed (revalidated on input), then the form submits", async ({ page, seed, api }) => {
  const { org, form } = await publishedForm(seed);
  await openSurvey(page, `/f/${form.uuid}`);
  await submit(page);
  const email = page.getByLabel("Email", { exact: true }).first();
  await expect(email).toHaveAccessibleDescription("This field is required");
  await email.fill("ada@");
  await expect(email).toHaveAccessibleDescription("Enter an email address like name@example.com");
  await email.fill("ada@example.com");
  await expect(email).not.toHaveAttribute("aria-invalid");
  await expect(page.getByText("Enter an email address like name@example.com")).toHaveCount(0);

  const name = page.getByRole("group", { name: "Your name" });
  await name.getByLabel("First name").fill("Ada");
  await name.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Message").fill("Hello");
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toHaveCount(0);
  await submitAndThank(page, form.uuid);
  expect(await onlySubmission(api, seed, org.organizationId, form.id)).toMatchObject({ email: "ada@example.com", message: "Hello" });
});

test("required fields carry `required`; choice groups, name/address, matrix rows and repeat rows are named groups", async ({
  page,
  seed,
}) => {
  const { form } = await publishedForm(seed);
  await openSurvey(page, `/f/${form.uuid}`);
  for (const label of ["Email", "Message"]) await expect(page.getByLabel(label, { exact: true }).first()).toHaveAttribute("required", "");
  await expect(page.getByRole("group", { name: "Your name" }).getByLabel("First name")).toHaveAttribute("required", "");
  await expect(page.getByLabel("Subject")).not.toHaveAttribute("required");
  for (const group of [
    "Your name",
    "Topic",
    "Products you use",
    "How do you feel today?",
    "Rank what matters",
    "Rate us",
    "Documentation",
    "Colleagues to contact",
    "Colleagues to contact 1",
    "Postal address",
  ]) {
    await expect(page.getByRole("group", { name: group, exact: true }), group).toBeVisible();
  }
  // The honeypot is neither seen, nor reachable by keyboard, nor exposed to assistive tech.
  const honeypot = page.locator('input[name="_website"]');
  await expect(honeypot).toHaveAttribute("tabindex", "-1");
  await expect(honeypot).not.toBeInViewport();
  await expect(page.getByRole("textbox", { name: "Leave this field empty" })).toHaveCount(0);
});

test("a double click on Submit stores the answers once", async ({ page, seed }) => {
  const { form } = await publishedForm(seed, { elements: [{ id: "answer", label: "Your answer", type: "short-text", required: true }] });
  await openSurvey(page, `/f/${form.uuid}`);
  await page.getByLabel("Your answer").fill("42");
  await page.waitForTimeout(2100);
  await page.getByRole("button", { name: "Submit" }).dblclick();
  await expect(page).toHaveURL(new RegExp(`/f/${form.uuid}/thanks$`));
  await expect(page.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
  expect((await storedRows(seed, form.id)).length).toBe(1);
});

test("a summary line reads as sentences when the label is a question; Tab then Enter moves to the field", async ({ page, seed }) => {
  const { form } = await publishedForm(seed, {
    elements: [{ id: "seats", label: "How many seats?", type: "number", required: true }],
  });
  await openSurvey(page, `/f/${form.uuid}`);
  await page.getByLabel("How many seats?").fill("a dozen");
  await submit(page);
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("listitem")).toHaveText(["How many seats? Enter a number, like 12 or 3.5"]);
  // From the focused summary, the first Tab reaches its first link and Enter puts the cursor in the field.
  await page.keyboard.press("Tab");
  await expect(summary.getByRole("link")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("How many seats?")).toBeFocused();
  // Typing goes into the field.
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("12");
  await expect(page.getByLabel("How many seats?")).toHaveValue("12");
  expect(await storedRows(seed, form.id)).toEqual([]);
});
