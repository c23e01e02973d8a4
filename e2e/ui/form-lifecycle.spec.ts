import { eq } from "drizzle-orm";
import { forms } from "../../db/schema";
import { expect, test } from "../fixtures";
import { CONTACT_ELEMENTS } from "../api/form-fixtures";
import { formRows, screenshot, signIn, tabTo } from "./helpers";
import { expectAccessibleAndNarrow } from "./a11y";

/** Create, open, rename, share, duplicate, trash and restore forms in the dashboard. */

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

const expectAccessible = expectAccessibleAndNarrow;

const formById = async (db: any, id: number) => (await db.select().from(forms).where(eq(forms.id, id)))[0];

test.describe("Form lifecycle", () => {
  // Long journeys through several pages, with axe runs, on a machine shared with other builds.
  test.setTimeout(90_000);

  test("a new organization creates its first form by keyboard alone and lands in the builder with a draft", async ({ page, seed }) => {
    const org = await seed.org();
    await signIn(page, org.email, org.password);
    const empty = page.locator("section.state");
    await expect(empty.getByRole("heading", { name: "No forms yet" })).toBeVisible({ timeout: 15_000 });
    await expect(empty).not.toContainText("npm run");
    await screenshot(page, "forms-empty");

    const first = page.getByRole("button", { name: "Create your first form" });
    await tabTo(page, first);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "New form" });
    await expect(dialog).toBeVisible();
    const name = dialog.getByLabel("Name");
    await expect(name).toBeFocused();

    // Escape closes it and gives focus back to the button that opened it.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(first).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(name).toBeFocused();
    await page.keyboard.type("   ");
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("alert")).toHaveText("Name is required");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    expect(await seed.db.select().from(forms).where(eq(forms.organizationId, org.organizationId))).toEqual([]);

    await name.press("Control+a");
    await page.keyboard.type("Volunteer sign-up");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/forms/${UUID}/edit$`));
    const uuid = new URL(page.url()).pathname.split("/")[2]!;
    const rows = await seed.db.select().from(forms).where(eq(forms.organizationId, org.organizationId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ uuid, name: "Volunteer sign-up", published: false, elements: [], trashedAt: null });

    await page.goto("/forms");
    await expect(page.locator("table tbody tr")).toHaveCount(1);
    expect((await formRows(page))["Volunteer sign-up"]?.slice(1, 3)).toEqual(["Draft", "0"]);
    // The header's New form opens the same dialog.
    await page.getByRole("button", { name: "New form" }).click();
    await expect(page.getByRole("dialog", { name: "New form" })).toBeVisible();
  });

  test("a form's page: facts, links, rename in place, duplicate, trash and restore", async ({ page, seed, request }) => {
    const org = await seed.org();
    const form = await seed.form(
      org.organizationId,
      {
        name: "Customer survey",
        elements: CONTACT_ELEMENTS,
        submissions: [
          { data: {}, createdAt: "2026-03-04T10:00:00Z" },
          { data: {}, createdAt: "2026-03-05T10:00:00Z" },
        ],
      },
      { publish: true },
    );
    const token = await seed.token(org.organizationId);
    await signIn(page, org.email, org.password);
    await page.getByRole("link", { name: "Customer survey", exact: true }).click();
    await expect(page).toHaveURL(`/forms/${form.uuid}`);
    await expect(page.getByRole("heading", { level: 1, name: "Customer survey" })).toBeVisible();
    await expect(page.locator(".form-page-title .badge")).toHaveText("Published");
    const facts = page.locator(".form-facts");
    await expect(facts.locator("div").filter({ hasText: "Submissions" }).locator("dd")).toHaveText("2");
    await expect(facts.locator("div").filter({ hasText: "Last submission" }).locator("dd")).toContainText("2026");
    const links = page.getByRole("region", { name: "This form's pages" }).getByRole("link");
    await expect(links).toHaveCount(5);
    for (const [label, href] of [
      ["Build", `/forms/${form.uuid}/edit`],
      ["Submissions", `/submissions?form=${form.uuid}`],
      ["Prefills", `/prefills?form=${form.uuid}`],
      ["Unique links", `/unique-links?form=${form.uuid}`],
      ["Webhooks", `/webhooks?form=${form.uuid}`],
    ]) {
      await expect(links.filter({ hasText: label }).first()).toHaveAttribute("href", href!);
    }

    // Rename: the server's rule answers beside the field; Escape cancels.
    await page.getByRole("button", { name: "Rename form" }).click();
    const field = page.getByLabel("Form name");
    await expect(field).toBeFocused();
    await field.fill("");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.locator("#form-name-error")).toHaveText("Name is required");
    await field.fill("x".repeat(200) + "y");
    await expect(field).toHaveValue("x".repeat(200)); // maxLength guides; the server checks too
    await field.fill("Customer survey 2026");
    await field.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Customer survey 2026" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Rename form" })).toBeFocused();
    expect((await formById(seed.db, form.id)).name).toBe("Customer survey 2026");

    // Duplicate: a draft copy opens, with the way to publish it.
    await page.getByRole("button", { name: "Duplicate" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Copy of Customer survey 2026" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/forms/${UUID}$`));
    const copyUuid = new URL(page.url()).pathname.split("/")[2]!;
    expect(copyUuid).not.toBe(form.uuid);
    await expect(page.locator(".form-page-title .badge")).toHaveText("Draft");
    await expect(page.getByRole("link", { name: "Open the builder to publish" })).toHaveAttribute("href", `/forms/${copyUuid}/edit`);
    const [copy] = await seed.db.select().from(forms).where(eq(forms.uuid, copyUuid));
    expect(copy).toMatchObject({ name: "Copy of Customer survey 2026", published: false, elements: CONTACT_ELEMENTS, submissionsCount: 0 });

    // Trash the original from its page.
    await page.goto(`/forms/${form.uuid}`);
    await page.getByRole("button", { name: "Move to trash" }).click();
    const confirm = page.getByRole("dialog", { name: "Move this form to the trash?" });
    await expect(confirm).toContainText("Its survey link stops working and the API no longer shows it. Its submissions are kept");
    await confirm.getByRole("button", { name: "Move to trash" }).click();
    await expect(page.getByRole("heading", { name: "This form is in the trash" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Restore", exact: true })).toBeFocused();
    await expect(page.getByRole("button", { name: "Move to trash" })).toHaveCount(0);
    expect((await formById(seed.db, form.id)).trashedAt).toBeInstanceOf(Date);
    expect((await request.get(`/api/v2/forms/${form.uuid}`, { headers: { "X-SERVICE-TOKEN": token } })).status()).toBe(404);
    expect((await request.get(`/f/${form.uuid}`)).status()).toBe(404);
    await screenshot(page, "form-trashed");

    // Gone from the list, listed in the trash.
    await page.goto("/forms");
    await expect(page.locator("table tbody tr")).toHaveCount(1);
    expect(Object.keys(await formRows(page))).toEqual(["Copy of Customer survey 2026"]);
    await page.getByRole("link", { name: "Trash", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Trash" })).toBeVisible();
    await expect(page.locator("table tbody tr")).toHaveCount(1);
    expect(Object.keys(await formRows(page))).toEqual(["Customer survey 2026"]);

    // Restore from its own page brings it all back.
    await page.getByRole("link", { name: "Customer survey 2026", exact: true }).click();
    await expect(page).toHaveURL(`/forms/${form.uuid}`);
    await expect(page.getByRole("heading", { name: "This form is in the trash" })).toBeVisible();
    await page.getByRole("button", { name: "Restore", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("Restored");
    await expect(page.getByRole("button", { name: "Move to trash" })).toBeVisible();
    expect((await formById(seed.db, form.id)).trashedAt).toBeNull();
    expect((await request.get(`/api/v2/forms/${form.uuid}`, { headers: { "X-SERVICE-TOKEN": token } })).status()).toBe(200);
    expect((await request.get(`/f/${form.uuid}`)).status()).toBe(200);
  });

  test("the trash view restores a form; the list trashes one by keyboard with a confirm that returns focus", async ({ page, seed }) => {
    const org = await seed.org();
    const keep = await seed.form(org.organizationId, { name: "Keep me" });
    const drop = await seed.form(org.organizationId, { name: "Drop me", submissions: [{ data: {} }] });
    await signIn(page, org.email, org.password);

    const trashButton = page.getByRole("button", { name: "Trash Drop me" });
    await tabTo(page, trashButton);
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: "Move this form to the trash?" });
    await expect(confirm).toContainText("Drop me");
    // Escape: nothing happens, focus is back on the row's button.
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(trashButton).toBeFocused();
    expect((await formById(seed.db, drop.id)).trashedAt).toBeNull();

    await page.keyboard.press("Enter");
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(confirm.getByRole("button", { name: "Move to trash" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toContainText("Moved Drop me to the trash");
    await expect(page.locator("table tbody tr")).toHaveCount(1);
    expect((await formById(seed.db, drop.id)).trashedAt).toBeInstanceOf(Date);
    expect((await formById(seed.db, keep.id)).trashedAt).toBeNull();

    await page.goto("/forms/trash");
    await expect(page.locator("table tbody tr")).toHaveCount(1);
    const rows = await formRows(page);
    expect(Object.keys(rows)).toEqual(["Drop me"]);
    expect(rows["Drop me"]?.slice(1, 3)).toEqual(["Draft", "1"]);
    // Most recently trashed first: the server's order is the Trashed column's.
    await expect(page.getByRole("columnheader", { name: "Trashed" })).toHaveAttribute("aria-sort", "descending");
    await expectAccessible(page, "forms-trash");
    await page.getByRole("button", { name: "Restore Drop me" }).click();
    await expect(page.getByRole("status")).toContainText("Restored Drop me");
    await expect(page.getByRole("heading", { name: "The trash is empty" })).toBeVisible();
    expect((await formById(seed.db, drop.id)).trashedAt).toBeNull();
    await expectAccessible(page, "forms-trash-empty");
    await page.goto("/forms");
    await expect(page.locator("table tbody tr")).toHaveCount(2);
  });

  test("the share panel copies and opens the survey link and shows its QR code with downloads", async ({ page, seed, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const org = await seed.org();
    const form = await seed.form(org.organizationId, { name: "Customer survey", elements: CONTACT_ELEMENTS }, { publish: true });
    await signIn(page, org.email, org.password);
    await page.goto(`/forms/${form.uuid}`);

    const shown = page.getByTestId("survey-url");
    await expect(shown).toHaveText(new RegExp(`^https?://[^/]+/f/${form.uuid}$`));
    const url = (await shown.innerText()).trim();
    const share = page.getByRole("region", { name: "Share" });
    await share.getByRole("button", { name: "Copy survey link" }).click();
    await expect(share.getByRole("button", { name: "Copied survey link" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    const open = share.getByRole("link", { name: "Open the survey in a new tab" });
    await expect(open).toHaveAttribute("href", url);
    await expect(open).toHaveAttribute("target", "_blank");

    const qr = share.getByRole("img", { name: `QR code of the survey link ${url}` });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
    const [svg] = await Promise.all([
      page.waitForEvent("download"),
      share.getByRole("link", { name: "Download SVG of the QR code" }).click(),
    ]);
    expect(svg.suggestedFilename()).toBe("customer-survey-qr.svg");
    const svgText = await (await svg.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
    expect(svgText).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const [png] = await Promise.all([
      page.waitForEvent("download"),
      share.getByRole("link", { name: "Download PNG of the QR code" }).click(),
    ]);
    expect(png.suggestedFilename()).toBe("customer-survey-qr.png");
    const pngBytes = Buffer.concat(await (await png.createReadStream()).toArray());
    expect(pngBytes.subarray(1, 4).toString("latin1")).toBe("PNG");
    // A published form says nothing about publishing.
    await expect(page.getByRole("link", { name: "Open the builder to publish" })).toHaveCount(0);
  });

  test("the forms list, a form's page and the trash pass axe and fit a 390 px screen", async ({ page, seed }) => {
    const org = await seed.org();
    const name = "A form with a rather long name that has to wrap on a phone";
    const form = await seed.form(org.organizationId, { name, submissions: [{ data: {} }] }, { publish: true });
    const draft = await seed.form(org.organizationId, { name: "Draft" });
    const trashed = await seed.form(org.organizationId, { name: "Old form" });
    await seed.db.update(forms).set({ trashedAt: new Date() }).where(eq(forms.id, trashed.id));
    await signIn(page, org.email, org.password);
    await expect(page.locator("table tbody tr")).toHaveCount(2);
    await expectAccessible(page, "forms-list");
    await page.getByRole("button", { name: "New form" }).click();
    await expect(page.getByRole("dialog", { name: "New form" })).toBeVisible();
    await expectAccessible(page, "forms-new-dialog");
    await page.keyboard.press("Escape");

    await page.goto(`/forms/${form.uuid}`);
    await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
    await expectAccessible(page, "form-page");
    await page.getByRole("button", { name: "Move to trash" }).click();
    await expectAccessible(page, "form-trash-confirm");
    await page.keyboard.press("Escape");

    await page.goto(`/forms/${draft.uuid}`);
    await expect(page.getByRole("link", { name: "Open the builder to publish" })).toBeVisible();
    await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
    await expectAccessible(page, "form-page-draft");

    await page.goto(`/forms/${trashed.uuid}`);
    await expect(page.getByRole("heading", { name: "This form is in the trash" })).toBeVisible();
    await expectAccessible(page, "form-page-trashed");

    await page.goto("/forms/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { level: 2, name: "Form not found" })).toBeVisible();
    await page.goto("/forms/trash");
    await expect(page.locator("table tbody tr")).toHaveCount(1);
    await expectAccessible(page, "forms-trash-list");
  });
});
