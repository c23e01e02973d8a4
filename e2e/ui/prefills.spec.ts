import { asc, eq } from "drizzle-orm";
import { prefills } from "../../db/schema";
import { accessForOrganization } from "../../server/services/forms/access";
import { createPrefills } from "../../server/services/prefills/create-prefills";
import { createUniqueLinks } from "../../server/services/unique-links/create-unique-links";
import { CONTACT_ELEMENTS } from "../api/form-fixtures";
import { expect, test, type Seed } from "../fixtures";
import { bodyRows, openDashboardPage, pickerOptions, rowTitled, rowTitles, screenshot, tabTo } from "./helpers";

/** The Prefills page of the dashboard (the services of `/api/v2/forms/{form_uuid}/prefills`). */

async function contactForm(seed: Seed, name = "Contact us") {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, { name, elements: CONTACT_ELEMENTS });
  return { org, form };
}

function seedPrefills(seed: Seed, organizationId: number, formUuid: string, names: string[]) {
  return createPrefills(
    seed.db,
    accessForOrganization(organizationId),
    formUuid,
    names.map((name) => ({ name, prefillData: [{ id: "subject", value: name }] })),
  ).then((r) => r.created);
}

async function prefillsOf(seed: Seed, formId: number) {
  return seed.db.select().from(prefills).where(eq(prefills.formId, formId)).orderBy(asc(prefills.seq));
}

test.describe("Prefills page", () => {
  test("creates a prefill from the form's fields, storing only the values filled in", async ({ page, seed, baseURL }) => {
    const { org, form } = await contactForm(seed);
    await openDashboardPage(page, org, "/prefills", "Prefills");
    await expect(page).toHaveURL(new RegExp(`/prefills\\?form=${form.uuid}$`));
    await expect(page.getByRole("heading", { name: "No prefills yet" })).toBeVisible();

    await page.getByRole("button", { name: "New prefill" }).click();
    const panel = page.getByRole("form", { name: "New prefill" });
    // Every element type gets an input (the editor unique links share); none is left to the API alone.
    await expect(panel.getByLabel("Subject", { exact: true })).toBeVisible();
    for (const group of ["Your name", "Rank what matters", "Rate us", "Colleagues to contact", "Postal address"]) {
      await expect(panel.getByRole("group", { name: group, exact: true })).toBeVisible();
    }
    await expect(panel.getByText(/Prefilled through the API only/)).toHaveCount(0);

    await panel.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
    await panel.getByLabel("Subject", { exact: true }).fill("Analytical engine");
    await panel.getByLabel("Phone", { exact: true }).fill("+44 20 7123 4567");
    await panel.getByLabel("Company size", { exact: true }).fill("12");
    await panel.getByLabel("Call me back on", { exact: true }).fill("2030-06-03");
    await panel.getByLabel("Topic", { exact: true }).selectOption({ label: "Support" });
    await panel.getByRole("checkbox", { name: "Webhooks", exact: true }).check();
    await panel.getByRole("checkbox", { name: "Forms", exact: true }).check();
    await panel.getByRole("group", { name: "Rate us" }).getByLabel("Support").selectOption({ label: "Bad" });
    // The dropdown, not the address's Country part.
    await panel.getByLabel("Country", { exact: true }).first().selectOption({ label: "France" });
    await panel.getByLabel("Country", { exact: true }).first().selectOption({ label: "Not prefilled" }); // changed their mind
    await screenshot(page, "prefills-create");
    await panel.getByRole("button", { name: "Create prefill" }).click();

    await expect(page.getByRole("status")).toContainText("Prefill “Ada Lovelace” created.");
    await expect(panel).toHaveCount(0);
    await expect(rowTitles(page)).toHaveText(["Ada Lovelace"]);

    const [stored] = await prefillsOf(seed, form.id);
    // In form order, as the service validated and stored them; option ids, not labels.
    expect(stored!.data).toEqual([
      { id: "phone", value: "+44 20 7123 4567" },
      { id: "subject", value: "Analytical engine" },
      { id: "employees", value: "12" },
      { id: "callback_on", value: "2030-06-03" },
      { id: "topic", value: "opt_support" },
      { id: "products", value: ["opt_forms", "opt_webhooks"] },
      { id: "satisfaction", value: { row_support: { col_bad: true } } },
    ]);
    expect(stored!.resolved).toEqual({ phone: { country: "GB", dialCode: "+44", number: "2071234567" } });
    expect(stored!).toMatchObject({ name: "Ada Lovelace", forUniqueLink: false, organizationId: org.organizationId });
    const url = `${baseURL}/f/${form.uuid}?_prefill=${stored!.id}`;
    await expect(page.getByRole("status").getByRole("link")).toHaveAttribute("href", url);
    await expect(rowTitled(page, "Ada Lovelace").getByRole("link")).toHaveAttribute("href", url);
    await screenshot(page, "prefills");
  });

  test("a value the service refuses is shown at its field, and nothing is stored", async ({ page, seed }) => {
    const { org, form } = await contactForm(seed);
    await openDashboardPage(page, org, `/prefills?form=${form.uuid}`, "Prefills");
    await page.getByRole("button", { name: "New prefill" }).click();
    const panel = page.getByRole("form", { name: "New prefill" });

    await panel.getByLabel("Subject", { exact: true }).fill("No name yet");
    await panel.getByRole("button", { name: "Create prefill" }).click();
    await expect(panel.getByRole("alert")).toHaveText("Name is required");

    await panel.getByLabel("Name", { exact: true }).fill("Bad phone");
    await panel.getByLabel("Phone", { exact: true }).fill("+999 1234");
    await panel.getByRole("button", { name: "Create prefill" }).click();
    await expect(panel.locator(".field-error")).toHaveText("Value has an unknown dial code '+999' for 'phone' field");
    await expect(panel.getByLabel("Phone", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await screenshot(page, "prefills-error");
    expect(await prefillsOf(seed, form.id)).toEqual([]);

    await panel.getByLabel("Phone", { exact: true }).fill("+49 30 1234567");
    await panel.getByRole("button", { name: "Create prefill" }).click();
    await expect(page.getByRole("status")).toContainText("Prefill “Bad phone” created.");
    expect((await prefillsOf(seed, form.id)).map((p) => p.data)).toEqual([
      [
        { id: "phone", value: "+49 30 1234567" },
        { id: "subject", value: "No name yet" },
      ],
    ]);
  });

  test("lists unique-link prefills only when asked to, marked as such", async ({ page, seed }) => {
    const { org, form } = await contactForm(seed);
    await seedPrefills(seed, org.organizationId, form.uuid, ["Standalone"]);
    await createUniqueLinks(seed.db, accessForOrganization(org.organizationId), form.uuid, [
      { entryName: "linked@example.com", prefillData: [{ id: "email", value: "linked@example.com" }] },
    ]);
    await openDashboardPage(page, org, `/prefills?form=${form.uuid}`, "Prefills");
    await expect(rowTitles(page)).toHaveText(["Standalone"]);
    await expect(page.getByText("Unique link", { exact: true })).toHaveCount(0);

    await page.getByLabel("Show unique-link prefills").check();
    await expect(page).toHaveURL(/links=1/);
    await expect(bodyRows(page)).toHaveCount(2);
    await expect(rowTitles(page)).toHaveText(["linked@example.com", "Standalone"]);
    await expect(rowTitled(page, "linked@example.com").getByText("Unique link", { exact: true })).toBeVisible();
    await expect(rowTitled(page, "Standalone").getByText("Unique link", { exact: true })).toHaveCount(0);
    await screenshot(page, "prefills-with-links");

    await page.reload();
    await expect(page.getByLabel("Show unique-link prefills")).toBeChecked();
    await expect(bodyRows(page)).toHaveCount(2);
  });

  test("search filters the list by name, partially and ignoring case", async ({ page, seed }) => {
    const { org, form } = await contactForm(seed);
    await seedPrefills(seed, org.organizationId, form.uuid, ["Alice Archer", "Bob Baker", "alicia"]);
    await openDashboardPage(page, org, `/prefills?form=${form.uuid}`, "Prefills");
    await expect(bodyRows(page)).toHaveCount(3);

    await page.getByRole("searchbox", { name: "Search by name" }).fill("ALI");
    await expect(page).toHaveURL(/q=ALI/);
    await expect(bodyRows(page)).toHaveCount(2);
    await expect(rowTitles(page)).toHaveText(["alicia", "Alice Archer"]);
    // `%` is a character, not a wildcard.
    await page.getByRole("searchbox", { name: "Search by name" }).fill("%");
    await expect(page.getByRole("heading", { name: "No matching prefills" })).toBeVisible();
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(bodyRows(page)).toHaveCount(3);
  });

  test("deletes the selected prefills after confirming", async ({ page, seed }) => {
    const { org, form } = await contactForm(seed);
    await seedPrefills(seed, org.organizationId, form.uuid, ["One", "Two", "Three"]);
    await openDashboardPage(page, org, `/prefills?form=${form.uuid}`, "Prefills");

    await page.getByRole("checkbox", { name: "Select all on this page" }).check();
    await page.getByRole("checkbox", { name: "Select Two" }).uncheck();
    await expect(page.getByText("2 selected")).toBeVisible();
    await page.getByRole("button", { name: "Delete selected" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete 2 prefills?" });
    await expect(dialog.getByRole("listitem")).toHaveText(["Three", "One"]);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status")).toHaveText(/Deleted 2 prefills\./);
    await expect(rowTitles(page)).toHaveText(["Two"]);
    expect((await prefillsOf(seed, form.id)).map((p) => p.name)).toEqual(["Two"]);
  });

  test("lists 20 a page", async ({ page, seed }) => {
    const { org, form } = await contactForm(seed);
    const names = Array.from({ length: 21 }, (_, i) => `Prefill ${String(i + 1).padStart(2, "0")}`);
    await seedPrefills(seed, org.organizationId, form.uuid, names);
    await openDashboardPage(page, org, `/prefills?form=${form.uuid}`, "Prefills");
    await expect(bodyRows(page)).toHaveCount(20);
    await expect(page.getByText("1–20 of 21")).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2$/);
    await expect(rowTitles(page)).toHaveText(["Prefill 01"]);
    await expect(page.getByText("Page 2 of 2", { exact: true })).toBeVisible();
    // Newest first, the Created column's order; the keyboard reaches Previous from the list.
    await expect(page.getByRole("columnheader", { name: "Created" })).toHaveAttribute("aria-sort", "descending");
    await page.getByRole("checkbox", { name: "Select all on this page" }).focus();
    await tabTo(page, page.getByRole("navigation", { name: "Pagination" }).getByRole("button", { name: "Previous" }));
    await page.keyboard.press("Enter");
    await expect(page.getByText("1–20 of 21")).toBeVisible();
  });

  test("shows a loading state, and an error with a retry when the list fails", async ({ page, seed }) => {
    const { org, form } = await contactForm(seed);
    await seedPrefills(seed, org.organizationId, form.uuid, ["Only one"]);
    await signInAndBlock(page, org, form.uuid);
    await expect(page.getByText("Loading prefills…")).toBeAttached();
    await expect(page.getByRole("heading", { name: "Could not load the prefills" })).toBeVisible();
    await page.unroute("**/api/trpc/prefills.list**");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(rowTitles(page)).toHaveText(["Only one"]);
  });

  test("another organization's forms and prefills never appear", async ({ page, seed }) => {
    const { org, form } = await contactForm(seed, "Our contact form");
    const other = await contactForm(seed, "Their contact form");
    await seedPrefills(seed, org.organizationId, form.uuid, ["Ours"]);
    await seedPrefills(seed, other.org.organizationId, other.form.uuid, ["Theirs"]);

    await openDashboardPage(page, org, "/prefills", "Prefills");
    await expect(pickerOptions(page)).toHaveText(["Our contact form"]);
    await expect(rowTitles(page)).toHaveText(["Ours"]);

    await page.goto(`/prefills?form=${other.form.uuid}`);
    await expect(page.getByRole("heading", { name: "Form not found" })).toBeVisible();
    await expect(page.getByText("Theirs")).toHaveCount(0);
    // By numeric id too.
    await page.goto(`/prefills?form=${other.form.id}`);
    await expect(page.getByRole("heading", { name: "Form not found" })).toBeVisible();
    await page.goto(`/prefills?form=${form.id}`);
    await expect(rowTitles(page)).toHaveText(["Ours"]);
  });
});

/** Signs in, then opens the page with the prefill list answering 500 (the retry policy gives up after three tries). */
async function signInAndBlock(page: import("@playwright/test").Page, org: { email: string; password: string }, formUuid: string) {
  await openDashboardPage(page, org, "/forms", "Forms");
  await page.route("**/api/trpc/prefills.list**", async (route) => {
    await new Promise((r) => setTimeout(r, 300));
    const error = { message: "Internal server error", code: -32603, data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500 } };
    await route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify([{ error }]) });
  });
  await page.goto(`/prefills?form=${formUuid}`);
}
