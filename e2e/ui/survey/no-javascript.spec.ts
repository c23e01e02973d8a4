import { expect, test } from "../../fixtures";
import { publishedForm, readSubmission, storedRows } from "../../api/survey/survey-fixtures";

/**
 * The survey page with JavaScript off: a real HTML form. The server validates, answers 422
 * with the page (errors, values kept), applies list buttons itself, and 303s to the thank-you
 * page. (axe needs JavaScript, so these checks are plain assertions.)
 */
test.use({ javaScriptEnabled: false });

test("without JavaScript: errors come back from the server with the values kept; fixed, the answers are stored", async ({
  page,
  seed,
  api,
}) => {
  const { org, form } = await publishedForm(seed);
  await page.goto(`/f/${form.uuid}`);
  const name = page.getByRole("group", { name: "Your name" });
  await name.getByLabel("First name").fill("Ada");
  await page.getByLabel("Email", { exact: true }).first().fill("ada-at-example");
  await page.getByRole("group", { name: "Topic" }).getByLabel("Sales").check();
  await page.getByLabel("Forms").check();

  const [response] = await Promise.all([
    page.waitForResponse(`**/f/${form.uuid}/submit`),
    page.getByRole("button", { name: "Submit" }).click(),
  ]);
  expect(response.status()).toBe(422);
  await expect(page).toHaveTitle("Error: Contact us");
  await expect(page.getByRole("alert").getByRole("listitem")).toHaveText([
    "Last name: This field is required",
    "Email: Enter an email address like name@example.com",
    "Message: This field is required",
  ]);
  await expect(name.getByLabel("First name")).toHaveValue("Ada");
  await expect(page.getByLabel("Email", { exact: true }).first()).toHaveValue("ada-at-example");
  await expect(page.getByLabel("Email", { exact: true }).first()).toHaveAccessibleDescription(
    "Enter an email address like name@example.com",
  );
  await expect(page.getByRole("group", { name: "Topic" }).getByLabel("Sales")).toBeChecked();
  await expect(page.getByLabel("Forms")).toBeChecked();

  // List buttons work through the server too.
  await page.getByRole("button", { name: "Add another to Colleagues to contact" }).click();
  await expect(page.getByRole("group", { name: "Colleagues to contact 2" })).toBeVisible();
  await page.getByRole("button", { name: "Move Privacy up" }).click();
  await expect(page.getByRole("group", { name: "Rank what matters" }).getByRole("listitem")).toHaveText([/Price/, /Privacy/, /Speed/]);
  await expect(name.getByLabel("First name")).toHaveValue("Ada");

  await name.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email", { exact: true }).first().fill("ada@example.com");
  await page.getByLabel("Message").fill("Hello without JavaScript");
  await page.getByRole("group", { name: "Colleagues to contact 2" }).getByLabel("Name", { exact: true }).fill("Grace");
  await page.waitForTimeout(2100);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(new RegExp(`/f/${form.uuid}/thanks$`));
  await expect(page.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();

  const [row] = await storedRows(seed, form.id);
  expect(row).toMatchObject({ spam: false });
  expect(row!.duration).toBeGreaterThanOrEqual(2);
  expect((await readSubmission(api, seed, org.organizationId, row!.id)).data).toEqual({
    full_name: { first_name: "Ada", last_name: "Lovelace" },
    email: "ada@example.com",
    message: "Hello without JavaScript",
    topic: "sales",
    products: ["forms"],
    priorities: ["price", "privacy", "speed"],
    colleagues: [{ colleague_name: "Grace" }],
  });
});
