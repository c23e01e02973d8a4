import { asc, count, eq } from "drizzle-orm";
import { prefills, uniqueLinks } from "../../db/schema";
import { accessForOrganization } from "../../server/services/forms/access";
import { createUniqueLinks, type NewUniqueLinkItem } from "../../server/services/unique-links/create-unique-links";
import { expect, test, type Seed } from "../fixtures";
import { bodyRows, openDashboardPage, pickerOptions, rowTitled, rowTitles, screenshot } from "./helpers";

/** The Unique links page of the dashboard (the services of `/api/v2/forms/{form_uuid}/unique_links`). */

const SIMPLE_FORM = { name: "Event feedback", elements: [{ id: "guest", label: "Guest", type: "short-text" }] };

async function orgWithForm(seed: Seed, name = SIMPLE_FORM.name) {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, { ...SIMPLE_FORM, name });
  return { org, form };
}

function seedLinks(seed: Seed, organizationId: number, formUuid: string, items: NewUniqueLinkItem[]) {
  return createUniqueLinks(seed.db, accessForOrganization(organizationId), formUuid, items).then((r) => r.created);
}

async function linksOf(seed: Seed, formId: number) {
  return seed.db.select().from(uniqueLinks).where(eq(uniqueLinks.formId, formId)).orderBy(asc(uniqueLinks.seq));
}

test.describe("Unique links page", () => {
  // Expiry dates are days in the user's time zone; pin one so the stored instant is known.
  test.use({ timezoneId: "Europe/Berlin" });

  test("creates links in bulk from the textarea and lists them as pending and active", async ({ page, seed }) => {
    const { org, form } = await orgWithForm(seed);
    await openDashboardPage(page, org, "/unique-links", "Unique links");
    // The only form is picked, and the URL says so (it can be linked and reloaded).
    await expect(page).toHaveURL(new RegExp(`/unique-links\\?form=${form.uuid}$`));
    await expect(page.getByRole("heading", { name: "No unique links yet" })).toBeVisible();

    await page.getByRole("button", { name: "New links" }).click();
    await page.getByLabel("Entry names").fill("alice@example.com\n\n   bob@example.com  \n\ncarol\n");
    await expect(page.getByRole("button", { name: "Create 3 links" })).toBeEnabled();
    await page.getByLabel("Expires on").fill("2099-06-30");
    await screenshot(page, "unique-links-create");
    await page.getByRole("button", { name: "Create 3 links" }).click();

    await expect(page.getByRole("status")).toHaveText(/Created 3 unique links\./);
    await expect(page.getByRole("form", { name: "New unique links" })).toHaveCount(0);
    // Newest first: a bulk create's items in reverse order.
    await expect(bodyRows(page)).toHaveCount(3);
    await expect(rowTitles(page)).toHaveText(["carol", "bob@example.com", "alice@example.com"]);
    for (const name of ["alice@example.com", "bob@example.com", "carol"]) {
      const row = rowTitled(page, name);
      await expect(row.getByText("Not opened", { exact: true })).toBeVisible();
      await expect(row.getByRole("switch", { name: `Link on: ${name}` })).toBeChecked();
      await expect(row).toContainText("2099");
      await expect(row.locator("time").first()).toHaveAttribute("title", /11:59/); // the day's end, in the tooltip
    }
    await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveText("3 links");

    const stored = await linksOf(seed, form.id);
    expect(stored.map((l) => [l.entryName, l.status, l.active, l.prefillId])).toEqual([
      ["alice@example.com", "pending", true, null],
      ["bob@example.com", "pending", true, null],
      ["carol", "pending", true, null],
    ]);
    // The end of 30 June 2099 in Berlin (CEST, UTC+2).
    for (const l of stored) expect(l.expiresAt?.toISOString()).toBe("2099-06-30T21:59:59.000Z");
    await expect(rowTitled(page, "carol").getByRole("link")).toHaveAttribute("href", new RegExp(`/u/${stored[2]!.id}$`));
    await screenshot(page, "unique-links");
  });

  test("a duplicate entry name shows the service's message and creates nothing", async ({ page, seed }) => {
    const { org, form } = await orgWithForm(seed);
    await seedLinks(seed, org.organizationId, form.uuid, [{ entryName: "alice" }]);
    await openDashboardPage(page, org, `/unique-links?form=${form.uuid}`, "Unique links");
    await expect(bodyRows(page)).toHaveCount(1);

    await page.getByRole("button", { name: "New links" }).click();
    await page.getByLabel("Entry names").fill("dave\nalice\nerin");
    await page.getByRole("button", { name: "Create 3 links" }).click();
    const panel = page.getByRole("form", { name: "New unique links" });
    await expect(panel.getByRole("alert")).toHaveText("Duplicate entry_name for this form");
    await screenshot(page, "unique-links-duplicate");

    // Twice within one request is the same clash.
    await page.getByLabel("Entry names").fill("frank\nfrank");
    await page.getByRole("button", { name: "Create 2 links" }).click();
    await expect(panel.getByRole("alert")).toHaveText("Duplicate entry_name for this form");

    expect((await linksOf(seed, form.id)).map((l) => l.entryName)).toEqual(["alice"]);
    // The text stays for fixing; Cancel closes the panel.
    await expect(page.getByLabel("Entry names")).toHaveValue("frank\nfrank");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(bodyRows(page)).toHaveCount(1);
  });

  test("an expiry date in the past is refused with the service's message", async ({ page, seed }) => {
    const { org, form } = await orgWithForm(seed);
    await openDashboardPage(page, org, `/unique-links?form=${form.uuid}`, "Unique links");
    await page.getByRole("button", { name: "New links" }).click();
    await page.getByLabel("Entry names").fill("late");
    // Typed past the date field's `min` (which only the browser's own form validation would enforce).
    await page.getByLabel("Expires on").fill("2001-01-01");
    await page.getByRole("button", { name: "Create 1 link" }).click();
    await expect(page.getByRole("form", { name: "New unique links" }).getByRole("alert")).toHaveText("Expiry must be in the future");
    expect(await linksOf(seed, form.id)).toEqual([]);
  });

  test("switching a link off is saved and survives a reload", async ({ page, seed }) => {
    const { org, form } = await orgWithForm(seed);
    await seedLinks(seed, org.organizationId, form.uuid, [{ entryName: "alice" }, { entryName: "bob" }]);
    await openDashboardPage(page, org, `/unique-links?form=${form.uuid}`, "Unique links");

    const alice = page.getByRole("switch", { name: "Link on: alice" });
    await expect(alice).toBeChecked();
    await alice.click();
    await expect(alice).not.toBeChecked();
    await expect(alice).toBeEnabled(); // saved
    await page.reload();
    await expect(page.getByRole("switch", { name: "Link on: alice" })).not.toBeChecked();
    await expect(page.getByRole("switch", { name: "Link on: bob" })).toBeChecked();
    expect((await linksOf(seed, form.id)).map((l) => [l.entryName, l.active, l.status])).toEqual([
      ["alice", false, "pending"],
      ["bob", true, "pending"],
    ]);

    await page.getByRole("switch", { name: "Link on: alice" }).click();
    await expect(page.getByRole("switch", { name: "Link on: alice" })).toBeChecked();
    await expect(page.getByRole("switch", { name: "Link on: alice" })).toBeEnabled();
    expect((await linksOf(seed, form.id))[0]?.active).toBe(true);
  });

  test("deletes the selected links and their prefills after confirming", async ({ page, seed }) => {
    const { org, form } = await orgWithForm(seed);
    await seedLinks(seed, org.organizationId, form.uuid, [
      { entryName: "alice", prefillData: [{ id: "guest", value: "Alice" }] },
      { entryName: "bob" },
      { entryName: "carol" },
    ]);
    await openDashboardPage(page, org, `/unique-links?form=${form.uuid}`, "Unique links");
    await expect(bodyRows(page)).toHaveCount(3);

    await page.getByRole("checkbox", { name: "Select alice" }).check();
    await page.getByRole("checkbox", { name: "Select carol" }).check();
    await expect(page.getByText("2 selected")).toBeVisible();
    await page.getByRole("button", { name: "Delete selected" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete 2 unique links?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("listitem")).toHaveText(["carol", "alice"]);
    await screenshot(page, "unique-links-delete");

    // Cancel deletes nothing.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect(await linksOf(seed, form.id)).toHaveLength(3);

    await page.getByRole("button", { name: "Delete selected" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status")).toHaveText(/Deleted 2 unique links\./);
    await expect(rowTitles(page)).toHaveText(["bob"]);
    await expect(page.getByRole("button", { name: "Delete selected" })).toHaveCount(0);

    expect((await linksOf(seed, form.id)).map((l) => l.entryName)).toEqual(["bob"]);
    const [left] = await seed.db.select({ n: count() }).from(prefills).where(eq(prefills.formId, form.id));
    expect(left!.n).toBe(0);
  });

  test("shows each link's state and progress; the state filter lists exactly the links in that state", async ({ page, seed }) => {
    const { org, form } = await orgWithForm(seed);
    const future = new Date("2099-01-01T00:00:00Z");
    const [opened, done, old, off, doneLate, offLate] = await seedLinks(seed, org.organizationId, form.uuid, [
      { entryName: "opened" },
      { entryName: "done" },
      { entryName: "old", expiresAt: future },
      { entryName: "off" },
      { entryName: "done-late", expiresAt: future },
      { entryName: "off-late", expiresAt: future },
    ]);
    const past = new Date(Date.now() - 60_000);
    await seed.db.update(uniqueLinks).set({ status: "in_progress" }).where(eq(uniqueLinks.id, opened!.id));
    await seed.db.update(uniqueLinks).set({ status: "completed" }).where(eq(uniqueLinks.id, done!.id));
    await seed.db.update(uniqueLinks).set({ expiresAt: past }).where(eq(uniqueLinks.id, old!.id));
    await seed.db.update(uniqueLinks).set({ active: false }).where(eq(uniqueLinks.id, off!.id));
    // Completed wins over expired, inactive over expired (the survey page's order).
    await seed.db.update(uniqueLinks).set({ status: "completed", expiresAt: past }).where(eq(uniqueLinks.id, doneLate!.id));
    await seed.db.update(uniqueLinks).set({ active: false, expiresAt: past }).where(eq(uniqueLinks.id, offLate!.id));

    await openDashboardPage(page, org, `/unique-links?form=${form.uuid}`, "Unique links");
    // One status a link: its state, and for an open link how far its recipient got.
    const headers = page.locator("thead th");
    await expect(headers).toHaveText(["", "Entry name", "Status", "Expires", "Created", "Survey link"].map((h) => new RegExp(h, "i")));
    const statusOf = (name: string) => rowTitled(page, name).locator(".badge");
    await expect(statusOf("opened")).toHaveText("In progress");
    await expect(statusOf("done")).toHaveText("Completed");
    await expect(statusOf("done-late")).toHaveText("Completed");
    await expect(statusOf("old")).toHaveText("Expired");
    await expect(statusOf("off")).toHaveText("Off");
    await expect(statusOf("off-late")).toHaveText("Off");
    // A completed link has nothing left to switch; every other one has its switch.
    await expect(rowTitled(page, "done").getByRole("switch")).toHaveCount(0);
    await expect(rowTitled(page, "old").getByRole("switch", { name: "Link on: old" })).toBeChecked();
    await expect(rowTitled(page, "off").getByRole("switch", { name: "Link on: off" })).not.toBeChecked();
    await expect(rowTitled(page, "done")).toContainText("Never");
    await screenshot(page, "unique-links-statuses");

    const filter = page.getByLabel("Show");
    const expectShown = async (state: string, titles: string[]) => {
      await filter.selectOption(state);
      await expect(page).toHaveURL(new RegExp(`state=${state}`));
      await expect(rowTitles(page)).toHaveText(titles);
    };
    await expectShown("active", ["opened"]);
    await expectShown("completed", ["done-late", "done"]);
    await expectShown("expired", ["old"]);
    await expectShown("inactive", ["off-late", "off"]);
    // The filter is in the URL: a reload keeps it.
    await page.reload();
    await expect(page.getByLabel("Show")).toHaveValue("inactive");
    await expect(rowTitles(page)).toHaveText(["off-late", "off"]);

    // Switching a link on moves it to another state, by the server's rule.
    await page.getByRole("switch", { name: "Link on: off-late" }).click();
    await expect(rowTitles(page)).toHaveText(["off"]);
    await page.getByLabel("Show").selectOption("expired");
    await expect(rowTitles(page)).toHaveText(["off-late", "old"]);
    expect((await linksOf(seed, form.id)).map((l) => [l.entryName, l.active, l.status])).toEqual([
      ["opened", true, "in_progress"],
      ["done", true, "completed"],
      ["old", true, "pending"],
      ["off", false, "pending"],
      ["done-late", true, "completed"],
      ["off-late", true, "pending"],
    ]);

    // A filter with no links says so and offers the whole list.
    await page.getByRole("switch", { name: "Link on: old" }).click();
    await page.getByRole("switch", { name: "Link on: off-late" }).click();
    await expect(page.getByRole("heading", { name: "No expired links" })).toBeVisible();
    await page.getByRole("button", { name: "Show all links" }).click();
    await expect(rowTitles(page)).toHaveCount(6);
    await expect(page.getByLabel("Show")).toHaveValue("");
  });

  test("copies a link's survey URL", async ({ page, seed, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const { org, form } = await orgWithForm(seed);
    const [link] = await seedLinks(seed, org.organizationId, form.uuid, [{ entryName: "alice" }]);
    await openDashboardPage(page, org, `/unique-links?form=${form.uuid}`, "Unique links");

    const copy = page.getByRole("button", { name: "Copy link for alice" });
    await copy.click();
    await expect(page.getByRole("button", { name: "Copied link for alice" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/u/${link!.id}`);
  });

  test("a completed link's details open the answers it produced; Copy is whole at 1280 px", async ({ page, seed }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, SIMPLE_FORM, { publish: true });
    const [link] = await seedLinks(seed, org.organizationId, form.uuid, [
      { entryName: "alice.with.a.rather.long.address@example.com" },
      { entryName: "bob" },
    ]);
    const sent = await page.request.post(`/u/${link!.id}/submit`, { data: { data: { guest: "Ada" } } });
    expect(sent.status()).toBe(201);
    const { id: submissionId } = (await sent.json()) as { id: string };

    await page.setViewportSize({ width: 1280, height: 800 });
    await openDashboardPage(page, org, `/unique-links?form=${form.uuid}`, "Unique links");
    // Every Copy button lies wholly inside the table's card.
    const card = await page.locator(".table-wrap").boundingBox();
    for (const copy of await page.getByRole("button", { name: /^Copy link for/ }).all()) {
      const box = (await copy.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(card!.x + card!.width);
    }
    await expect(rowTitled(page, "bob").locator(".badge")).toHaveText("Not opened");

    await rowTitled(page, "alice.with.a.rather.long.address@example.com").locator(".link-open").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.locator(".badge")).toHaveText("Completed");
    await dialog.getByRole("link", { name: "Open the answers alice.with.a.rather.long.address@example.com sent" }).click();
    await expect(page).toHaveURL(new RegExp(`/submissions/${submissionId}$`));
    await expect(page.getByText("Ada")).toBeVisible();
  });

  test("lists 20 a page and searches by entry name; the URL keeps form, page and search", async ({ page, seed }) => {
    // Many steps with reloads: more than the default time on a busy machine.
    test.slow();
    const { org, form } = await orgWithForm(seed);
    await seedLinks(
      seed,
      org.organizationId,
      form.uuid,
      Array.from({ length: 25 }, (_, i) => ({ entryName: `person-${String(i + 1).padStart(2, "0")}` })),
    );
    await openDashboardPage(page, org, `/unique-links?form=${form.uuid}`, "Unique links");
    await expect(bodyRows(page)).toHaveCount(20);
    await expect(page.getByText("1–20 of 25")).toBeVisible();
    await expect(bodyRows(page).first()).toContainText("person-25");

    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(new RegExp(`form=${form.uuid}&page=2$`));
    await expect(bodyRows(page)).toHaveCount(5);
    await expect(rowTitles(page)).toHaveText(["person-05", "person-04", "person-03", "person-02", "person-01"]);
    // A full page load (session, forms, links) can take a while on a busy machine.
    await page.reload();
    await expect(bodyRows(page)).toHaveCount(5, { timeout: 15_000 });
    await page.goBack();
    await expect(bodyRows(page)).toHaveCount(20, { timeout: 15_000 });

    // Partial, case-insensitive; a new search starts on page 1.
    await page.getByRole("searchbox", { name: "Search by entry name" }).fill("SON-1");
    await expect(page).toHaveURL(/q=SON-1/);
    await expect(bodyRows(page)).toHaveCount(10);
    await expect(rowTitles(page)).toHaveText(Array.from({ length: 10 }, (_, i) => `person-${19 - i}`));
    await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveText("10 links");
    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Search by entry name" })).toHaveValue("SON-1", { timeout: 15_000 });
    await expect(bodyRows(page)).toHaveCount(10, { timeout: 15_000 });

    await page.getByRole("searchbox", { name: "Search by entry name" }).fill("nobody");
    await expect(page.getByRole("heading", { name: "No matching links" })).toBeVisible();
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(page.getByRole("searchbox", { name: "Search by entry name" })).toHaveValue("");
    await expect(bodyRows(page)).toHaveCount(20);
  });

  test("another organization's forms and links never appear", async ({ page, seed }) => {
    const { org, form } = await orgWithForm(seed, "My survey");
    const mine2 = await seed.form(org.organizationId, { ...SIMPLE_FORM, name: "Another of mine" });
    const other = await orgWithForm(seed, "Their survey");
    await seedLinks(seed, org.organizationId, form.uuid, [{ entryName: "mine" }]);
    await seedLinks(seed, other.org.organizationId, other.form.uuid, [{ entryName: "theirs" }]);

    await openDashboardPage(page, org, `/unique-links?form=${form.uuid}`, "Unique links");
    await expect(pickerOptions(page)).toHaveText(["Another of mine", "My survey"]);
    await expect(rowTitles(page)).toHaveText(["mine"]);

    // Picking another form changes the list and the URL.
    await page.getByLabel("Form", { exact: true }).selectOption({ label: "Another of mine" });
    await expect(page).toHaveURL(new RegExp(`form=${mine2.uuid}$`));
    await expect(page.getByRole("heading", { name: "No unique links yet" })).toBeVisible();

    // A link to their form shows nothing of it.
    await page.goto(`/unique-links?form=${other.form.uuid}`);
    await expect(page.getByRole("heading", { name: "Form not found" })).toBeVisible();
    await expect(page.getByText("theirs")).toHaveCount(0);
    await expect(page.getByText("Their survey")).toHaveCount(0);
    await expect(pickerOptions(page)).toHaveText(["Another of mine", "My survey"]);
    const theirs = await seed.db.select().from(uniqueLinks).where(eq(uniqueLinks.formId, other.form.id));
    expect(theirs.map((l) => l.entryName)).toEqual(["theirs"]);
  });

  test("an organization without forms is told how to get one", async ({ page, seed }) => {
    const org = await seed.org();
    await openDashboardPage(page, org, "/unique-links", "Unique links");
    await expect(page.getByRole("heading", { name: "No forms yet" })).toBeVisible();
    await expect(page.getByLabel("Form", { exact: true })).toHaveCount(0);
  });
});
