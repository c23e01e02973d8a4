import { expect, test } from "../fixtures";
import { formRows, screenshot, signIn, tabTo } from "./helpers";

test.describe("Forms page", () => {
  test("lists the organization's forms with submission counts, and no other organization's", async ({ page, seed }) => {
    const org = await seed.org({ name: "Grace Hopper", orgName: "Hopper Labs" });
    const other = await seed.org();
    const survey = await seed.form(
      org.organizationId,
      { name: "Customer survey", submissions: [{ data: {} }, { data: {} }, { data: {} }] },
      { publish: true },
    );
    const draft = await seed.form(org.organizationId, { name: "Draft feedback" });
    await seed.form(other.organizationId, { name: "Someone else's form", submissions: [{ data: {} }] });

    await signIn(page, org.email, org.password);
    await expect(page.getByTestId("org-name")).toHaveText("Hopper Labs");
    await expect(page.getByTestId("user-email")).toHaveText(org.email);
    await expect(page.locator("table tbody tr")).toHaveCount(2);

    const rows = await formRows(page);
    expect(Object.keys(rows)).toEqual(["Draft feedback", "Customer survey"]); // newest first
    // Cells: form (name + uuid), status, submissions, updated, survey link (host-less, UUID cut), actions.
    expect(rows["Customer survey"]?.[0]).toContain(survey.uuid);
    expect(rows["Customer survey"]?.slice(1, 3)).toEqual(["Published", "3"]);
    expect(rows["Customer survey"]?.[4]).toContain(`/f/${survey.uuid.slice(0, 8)}…`);
    expect(rows["Draft feedback"]?.slice(1, 3)).toEqual(["Draft", "0"]);
    expect(rows["Draft feedback"]?.[4]).toContain(`/f/${draft.uuid.slice(0, 8)}…`);
    const year = String(new Date().getFullYear());
    expect(rows["Customer survey"]?.[3]).toContain(year);
    // The name opens the form's page.
    await expect(page.getByRole("link", { name: "Customer survey", exact: true })).toHaveAttribute("href", `/forms/${survey.uuid}`);

    await expect(page.getByText("Someone else's form")).toHaveCount(0);
    // One page: a count, no page buttons.
    await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveText("2 forms");
    await expect(page.getByRole("link", { name: "Forms" })).toHaveAttribute("aria-current", "page");
    await screenshot(page, "forms");
  });

  test("shows 20 forms a page with working pagination", async ({ page, seed }) => {
    const org = await seed.org();
    for (let i = 1; i <= 21; i++) await seed.form(org.organizationId, { name: `Form ${String(i).padStart(2, "0")}` });

    await signIn(page, org.email, org.password);
    await expect(page.locator("table tbody tr")).toHaveCount(20);
    await expect(page.getByText("1–20 of 21")).toBeVisible();
    await expect(page.getByText("Page 1 of 2", { exact: true })).toBeVisible();
    await expect(page.locator("table tbody tr").first()).toContainText("Form 21");
    await screenshot(page, "forms-page-1");

    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/forms\?page=2$/);
    await expect(page.locator("table tbody tr")).toHaveCount(1);
    await expect(page.locator("table tbody tr").first()).toContainText("Form 01");
    await expect(page.getByText("Page 2 of 2", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Next" })).toHaveCount(0);

    await page.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/forms$/);
    await expect(page.locator("table tbody tr")).toHaveCount(20);
    // Newest first is no column's order, so no header claims it; the keyboard reaches Next through the list.
    await expect(page.locator("table th[aria-sort]")).toHaveCount(0);
    await page.getByRole("link", { name: "Form 21", exact: true }).focus();
    await tabTo(page, page.getByRole("link", { name: "Next" }), 120);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/forms\?page=2$/);
  });

  test("a page past the end says so and links back to the first page", async ({ page, seed }) => {
    const org = await seed.org();
    await seed.form(org.organizationId, { name: "Only form" });
    await signIn(page, org.email, org.password);
    await page.goto("/forms?page=5");
    await expect(page.getByRole("heading", { name: "Nothing on page 5" })).toBeVisible();
    await page.getByRole("link", { name: "Go to the first page" }).click();
    await expect(page.locator("table tbody tr")).toHaveCount(1);
  });

  test("shows a loading state while the list is on its way", async ({ page, seed }) => {
    const org = await seed.org();
    await seed.form(org.organizationId, { name: "Slow form" });
    await signIn(page, org.email, org.password);

    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route("**/api/trpc/forms.list**", async (route) => {
      await gate;
      await route.continue();
    });
    await page.reload();
    await expect(page.getByText("Loading forms…")).toBeAttached();
    await expect(page.locator("[aria-busy=true] .skeleton-row").first()).toBeVisible();
    release();
    await expect(page.locator("table tbody tr")).toHaveCount(1);
    await expect(page.getByText("Loading forms…")).toHaveCount(0);
  });

  test("every section of the main navigation opens its page, and none is a placeholder", async ({ page, seed }) => {
    const org = await seed.org();
    await signIn(page, org.email, org.password);
    for (const name of [
      "Submissions",
      "API tokens",
      "Webhooks",
      "Prefills",
      "Unique links",
      "Connected apps",
      "Account",
      "Mail",
      "Forms",
    ]) {
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name }).click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name })).toHaveAttribute("aria-current", "page");
      await expect(page.getByText(/coming soon/i)).toHaveCount(0);
    }

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API reference" }).click();
    await expect(page).toHaveURL(/\/docs$/);
    await expect(page.getByRole("heading", { level: 1, name: "Formhouse API v2" })).toBeVisible();
  });
});
