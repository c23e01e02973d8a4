import { eq } from "drizzle-orm";
import { uniqueLinks } from "../../db/schema";
import { expect, test } from "../fixtures";
import { openDashboardPage, screenshot } from "./helpers";
import { choiceElement } from "../fixtures/elements";

/** Unique links from a CSV of recipients: 100 rows a request, each request all or nothing. */

const FORM = {
  name: "Workshop invitations",
  elements: [
    { id: "company", label: "Company", type: "short-text" },
    choiceElement("topic", "Topic", "radio", { opt_sales: ["Sales", "sales"], opt_support: ["Support", "support"] }),
    { id: "visit_on", label: "Visit on", type: "date" },
  ],
};

const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

test(`a 1,000-row CSV with one bad row: \
that batch is refused with its line and column, the others are stored with the CSV's values`, async ({ page, seed, api }) => {
  test.setTimeout(120_000);
  const org = await seed.org();
  const form = await seed.form(org.organizationId, FORM);
  // Quoted fields with commas and a line break, CRLF line ends and a byte-order mark, as spreadsheets write them.
  const lines = ["entry name,expiry,Company,topic,Visit on"];
  for (let i = 1; i <= 1000; i++) {
    const company = i === 7 ? 'Acme, "the" company\nwest wing' : `Company ${i}`;
    const topic = i === 457 ? "Marketing" : i % 2 ? "Sales" : "opt_support";
    lines.push([`person-${i}@example.com`, i === 3 ? "2099-12-31" : "", company, topic, "2030-06-03"].map(csvCell).join(","));
  }
  const csv = `\uFEFF${lines.join("\r\n")}\r\n`;

  await openDashboardPage(page, org, `/unique-links?form=${form.uuid}`, "Unique links");
  await page.getByRole("button", { name: "Upload CSV" }).click();
  const panel = page.getByRole("form", { name: "Links from a CSV file" });

  // The template names the columns of this form.
  const download = page.waitForEvent("download");
  await panel.getByRole("button", { name: "Download template" }).click();
  const template = await download;
  expect(template.suggestedFilename()).toBe("Workshop-invitations-links.csv");
  const { readFile } = await import("node:fs/promises");
  expect(await readFile((await template.path())!, "utf8")).toBe("entry name,expiry,Company,Topic,Visit on\r\n");

  await panel.getByLabel("CSV file").setInputFiles({ name: "recipients.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
  await expect(panel.getByText("1,000 rows")).toBeVisible();
  await panel.getByRole("button", { name: "Create 1,000 links" }).click();

  await expect(panel.getByText("Rows done: 1,000 / 1,000")).toBeVisible({ timeout: 90_000 });
  await expect(panel.getByText(/900 links stored, 1 batch refused · Finished\./)).toBeVisible();
  // Row 457 is on line 459: the header is line 1, and row 7's quoted line break adds a line.
  await expect(panel.locator(".upload-errors li")).toHaveText(["Line 459, column “topic”: 'Marketing' is not an option of 'topic'"]);
  await screenshot(page, "unique-links-csv");

  // Nothing of the refused batch (rows 401–500) is stored; everything else is, with the CSV's values.
  const stored = await seed.db.select({ entryName: uniqueLinks.entryName }).from(uniqueLinks).where(eq(uniqueLinks.formId, form.id));
  expect(stored).toHaveLength(900);
  const names = new Set(stored.map((l) => l.entryName));
  for (let i = 1; i <= 1000; i++) expect(names.has(`person-${i}@example.com`)).toBe(i < 401 || i > 500);

  const token = await seed.token(org.organizationId, { scopes: ["unique_link.read"] });
  const list = await api.get(`/api/v2/forms/${form.uuid}/unique_links?include_prefill_data=true`, token);
  expect(list.body.meta.total).toBe(900);
  const byName = async (entryName: string) => {
    const [row] = await seed.db.select({ id: uniqueLinks.id }).from(uniqueLinks).where(eq(uniqueLinks.entryName, entryName));
    const res = await api.get(`/api/v2/forms/${form.uuid}/unique_links/${row!.id}?include_prefill_data=true`, token);
    expect(res.status).toBe(200);
    return res.body as { expiresAt: string | null; prefillData: unknown };
  };
  expect(await byName("person-3@example.com")).toMatchObject({
    expiresAt: "2099-12-31T00:00:00.000Z",
    prefillData: [
      { id: "company", value: "Company 3" },
      { id: "topic", value: "opt_sales" },
      { id: "visit_on", value: "2030-06-03" },
    ],
  });
  expect(await byName("person-7@example.com")).toMatchObject({
    expiresAt: null,
    prefillData: [
      { id: "company", value: 'Acme, "the" company\nwest wing' },
      { id: "topic", value: "opt_sales" },
      { id: "visit_on", value: "2030-06-03" },
    ],
  });
  expect((await byName("person-1000@example.com")).prefillData).toEqual([
    { id: "company", value: "Company 1000" },
    { id: "topic", value: "opt_support" },
    { id: "visit_on", value: "2030-06-03" },
  ]);
});

test("a CSV with a column the form does not have is refused before anything is sent", async ({ page, seed }) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, FORM);
  await openDashboardPage(page, org, `/unique-links?form=${form.uuid}`, "Unique links");
  await page.getByRole("button", { name: "Upload CSV" }).click();
  const panel = page.getByRole("form", { name: "Links from a CSV file" });
  await panel
    .getByLabel("CSV file")
    .setInputFiles({ name: "x.csv", mimeType: "text/csv", buffer: Buffer.from("entry name,Colour\nada,red\n") });
  await expect(panel.locator(".upload-errors li")).toHaveText([
    "Line 1, column “Colour”: Column “Colour” is not a field of this form (use a field's label or id, “entry name” or “expiry”)",
  ]);
  await expect(panel.getByRole("button", { name: /^Create/ })).toBeDisabled();
  expect(await seed.db.select().from(uniqueLinks).where(eq(uniqueLinks.formId, form.id))).toEqual([]);
});

test(`hostile cells (NUL, 100,000 characters, \
dates out of range) are each refused with their line and column, never a server error`, async ({ page, seed }) => {
  test.setTimeout(90_000);
  const org = await seed.org();
  const form = await seed.form(org.organizationId, FORM);
  // One hostile row in each batch of 100, so that each batch names its own row.
  const hostile: Record<number, [string, string, string, string]> = {
    1: ["nul\u0000name", "", "Acme", "2030-06-03"],
    101: ["x".repeat(100_000), "", "Acme", "2030-06-03"],
    201: ["far", "99999-01-01", "Acme", "2030-06-03"],
    301: ["bad-day", "", "Acme", "99999-01-01"],
    401: ["long-company", "", "y".repeat(100_000), "2030-06-03"],
  };
  const lines = ["entry name,expiry,Company,Visit on"];
  for (let i = 1; i <= 500; i++) lines.push((hostile[i] ?? [`person-${i}`, "", "Acme", "2030-06-03"]).map(csvCell).join(","));
  const serverErrors: string[] = [];
  page.on("response", (r) => {
    if (r.status() >= 500) serverErrors.push(`${r.status()} ${r.url()}`);
  });

  await openDashboardPage(page, org, `/unique-links?form=${form.uuid}`, "Unique links");
  await page.getByRole("button", { name: "Upload CSV" }).click();
  const panel = page.getByRole("form", { name: "Links from a CSV file" });
  await panel
    .getByLabel("CSV file")
    .setInputFiles({ name: "hostile.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\n"), "utf8") });
  await panel.getByRole("button", { name: "Create 500 links" }).click();
  await expect(panel.getByText(/0 links stored, 5 batches refused · Finished\./)).toBeVisible({ timeout: 60_000 });
  await expect(panel.locator(".upload-errors li")).toHaveText([
    "Line 2, column “entry name”: Must not contain NUL characters",
    "Line 102, column “entry name”: Must be at most 255 characters",
    "Line 202, column “expiry”: Is not a valid date",
    "Line 302, column “Visit on”: Must be an ISO 8601 date (YYYY-MM-DD or date-time) for 'date' field",
    "Line 402, column “Company”: Must be at most 1,000 characters for 'short-text' field",
  ]);
  expect(serverErrors).toEqual([]);
  expect(await seed.db.select().from(uniqueLinks).where(eq(uniqueLinks.formId, form.id))).toEqual([]);
});
