import { eq } from "drizzle-orm";
import { uniqueLinks } from "../../db/schema";
import { publishedForm } from "../api/survey/survey-fixtures";
import { expect, test } from "../fixtures";
import { openDashboardPage, rowTitled, screenshot } from "./helpers";
import { openSurvey } from "./survey/survey-helpers";

/** Unique links get prefill values of every kind in the dashboard, and the survey shows them. */

test("a link's values of several types, set in the dashboard, are stored, shown in its details and fill the survey", async ({
  page,
  seed,
  api,
}) => {
  const { org, form } = await publishedForm(seed);
  await openDashboardPage(page, org, `/unique-links?form=${form.uuid}`, "Unique links");
  await page.getByRole("button", { name: "New links" }).click();
  const panel = page.getByRole("form", { name: "New unique links" });
  await panel.getByLabel("Entry names").fill("ada");

  // One editor for every type: choice, matrix, name, address, date, checkboxes, ranking, repeat-field.
  await panel.getByLabel("Topic", { exact: true }).selectOption({ label: "Support" });
  const matrix = panel.getByRole("group", { name: "Rate us" });
  await matrix.getByLabel("Documentation").selectOption({ label: "Great" });
  await matrix.getByLabel("Support").selectOption({ label: "OK" });
  const name = panel.getByRole("group", { name: "Your name" });
  await name.getByLabel("First name").fill("Ada");
  await name.getByLabel("Last name").fill("Lovelace");
  const address = panel.getByRole("group", { name: "Postal address" });
  await address.getByLabel("Street").fill("1 Main St");
  await address.getByLabel("City").fill("Springfield");
  await panel.getByLabel("Call me back on").fill("2030-06-03");
  await panel.getByRole("group", { name: "Products you use" }).getByLabel("API").check();
  const ranking = panel.getByRole("group", { name: "Rank what matters" });
  await ranking.getByLabel("First").selectOption({ label: "Speed" });
  await ranking.getByLabel("Then").selectOption({ label: "Privacy" });
  await ranking.getByRole("button", { name: "Move Privacy up" }).click();
  const colleagues = panel.getByRole("group", { name: "Colleagues to contact", exact: true });
  await colleagues.getByRole("button", { name: "Add a row" }).click();
  await colleagues.getByRole("group", { name: "Colleagues to contact, row 1" }).getByLabel("Name").fill("Grace");
  await screenshot(page, "unique-links-values-editor");
  await panel.getByRole("button", { name: "Create 1 link" }).click();
  await expect(page.getByRole("status")).toHaveText(/Created 1 unique link\./);

  // Stored as the API's prefill_data (read back through the API).
  const [link] = await seed.db.select().from(uniqueLinks).where(eq(uniqueLinks.formId, form.id));
  const token = await seed.token(org.organizationId, { scopes: ["unique_link.read"] });
  const res = await api.get(`/api/v2/forms/${form.uuid}/unique_links/${link!.id}?include_prefill_data=true`, token);
  expect(res.status).toBe(200);
  expect(res.body.prefillData).toEqual([
    { id: "full_name", value: { first_name: "Ada", last_name: "Lovelace" } },
    { id: "callback_on", value: "2030-06-03" },
    { id: "topic", value: "opt_support" },
    { id: "products", value: ["opt_api"] },
    { id: "priorities", value: ["opt_privacy", "opt_speed"] },
    { id: "satisfaction", value: { row_docs: { col_great: true }, row_support: { col_ok: true } } },
    { id: "colleagues", value: [{ colleague_name: "Grace" }] },
    { id: "postal_address", value: { street: "1 Main St", city: "Springfield" } },
  ]);

  // The details view reads them in words, and returns focus to the row's button when closed.
  const opener = rowTitled(page, "ada").getByRole("button", { name: "ada", exact: true });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "ada" });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(".details-pair")).toHaveText([
    /Your name\s*First name: Ada\s*Last name: Lovelace/,
    /Call me back on\s*2030-06-03/,
    /Topic\s*Support/,
    /Products you use\s*API/,
    /Rank what matters\s*1\. Privacy\s*2\. Speed/,
    /Rate us\s*Documentation: Great\s*Support: OK/,
    /Colleagues to contact\s*Row 1: Name: Grace/,
    /Postal address\s*Street: 1 Main St\s*City: Springfield/,
  ]);
  await expect(dialog.locator(".badge")).toHaveText("Not opened");
  await expect(dialog.getByRole("link", { name: /Open the answers/ })).toHaveCount(0);
  await screenshot(page, "unique-links-details");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  // The respondent's survey starts with them.
  await openSurvey(page, `/u/${link!.id}`);
  await expect(page.getByRole("group", { name: "Topic" }).getByLabel("Support")).toBeChecked();
  await expect(page.getByRole("group", { name: "Documentation" }).getByRole("radio", { name: "Great" })).toBeChecked();
  await expect(page.getByRole("group", { name: "Support", exact: true }).getByRole("radio", { name: "OK" })).toBeChecked();
  await expect(page.getByRole("group", { name: "Your name" }).getByLabel("First name")).toHaveValue("Ada");
  await expect(page.getByRole("group", { name: "Your name" }).getByLabel("Last name")).toHaveValue("Lovelace");
  const surveyAddress = page.getByRole("group", { name: "Postal address" });
  await expect(surveyAddress.getByLabel("Street")).toHaveValue("1 Main St");
  await expect(surveyAddress.getByLabel("City")).toHaveValue("Springfield");
  await expect(page.getByLabel("Call me back on")).toHaveValue("2030-06-03");
  await expect(page.getByLabel("API")).toBeChecked();
  await expect(page.getByLabel("Forms")).not.toBeChecked();
  await expect(page.getByRole("group", { name: "Rank what matters" }).getByRole("listitem")).toHaveText([/Privacy/, /Speed/, /Price/]);
  await expect(page.getByRole("group", { name: "Colleagues to contact 1" }).getByLabel("Name", { exact: true })).toHaveValue("Grace");
});

test("a value the API refuses is shown beside its field and nothing is stored", async ({ page, seed }) => {
  const { org, form } = await publishedForm(seed);
  await openDashboardPage(page, org, `/unique-links?form=${form.uuid}`, "Unique links");
  await page.getByRole("button", { name: "New links" }).click();
  const panel = page.getByRole("form", { name: "New unique links" });
  await panel.getByLabel("Entry names").fill("ada\nbob");
  await panel.getByLabel("Company size").fill("12"); // valid
  await panel.getByLabel("Phone", { exact: true }).fill("+999-123");
  await panel.getByRole("button", { name: "Create 2 links" }).click();
  await expect(panel.locator(".field.is-invalid .field-error")).toHaveText("Value has an unknown dial code '+999' for 'phone' field");
  await expect(panel.getByLabel("Phone", { exact: true })).toHaveAttribute("aria-invalid", "true");
  expect(await seed.db.select().from(uniqueLinks).where(eq(uniqueLinks.formId, form.id))).toEqual([]);
});
