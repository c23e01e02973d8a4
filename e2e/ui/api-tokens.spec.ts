import { eq } from "drizzle-orm";
import { apiTokens } from "../../db/schema";
import { hashToken } from "../../server/services/tokens/token-format";
import { expect, test } from "../fixtures";
import { openDashboardPage } from "./helpers";
import { expectAccessibleAndNarrow, expectDialogTrapsFocus } from "./page-checks";

/** The API tokens page: tokens minted here work on the real API, and revoked ones stop. */

test.describe("API tokens page", () => {
  test("a v2 token made here is shown once, works on /api/v2 within its scopes, and stops when revoked", async ({ page, seed, api }) => {
    test.setTimeout(120_000);
    const org = await seed.org();
    const form = await seed.form(org.organizationId, { name: "Signups" });
    await seed.form(org.organizationId, { name: "Other form" });
    await openDashboardPage(page, org, "/tokens", "API tokens");
    await expect(page.getByText("No API tokens yet.")).toBeVisible();

    // Organization tokens come first; v1's form tokens follow as the legacy section.
    await expect(page.getByRole("heading", { level: 2 })).toHaveText([
      "Organization tokens (API v2)",
      "Use with an assistant",
      "Form tokens (API v1, legacy)",
    ]);
    await page.getByRole("button", { name: "New API token" }).click();
    const panel = page.getByRole("form", { name: "New API token" });
    // Nothing filled in: both problems beside their fields, named by the procedure.
    await panel.getByRole("button", { name: "Create token" }).click();
    await expect(panel.locator(".field-error")).toHaveText([
      "Give the token a name, e.g. the integration that uses it",
      "Choose at least one scope",
    ]);
    await expect(panel.getByRole("alert")).toHaveText("Please correct the fields marked above.");
    await expect(panel.getByLabel("Name")).toHaveAccessibleDescription("Give the token a name, e.g. the integration that uses it");

    await panel.getByLabel("Name").fill("CRM sync");
    await expect(panel.getByLabel("Name")).toHaveAccessibleDescription("What uses it, e.g. “CRM sync”.");
    await expect(panel.getByRole("checkbox", { name: "form.view" })).toHaveAccessibleDescription(
      "See forms: their names, settings and fields",
    );
    await panel.getByRole("checkbox", { name: "form.view" }).check();
    await panel.getByLabel("Only some forms").check();
    await panel.getByRole("checkbox", { name: "Signups" }).check();
    await expectAccessibleAndNarrow(page, "tokens-create");
    await panel.getByRole("button", { name: "Create token" }).click();

    const once = page.getByTestId("shown-once");
    await expect(once).toContainText("Copy it now: you won't see it again.");
    await expect(once).toContainText("Only a hash of it is kept");
    await expect(page.getByRole("status")).toHaveText(/API token “CRM sync” created\./);
    const token = (await page.getByTestId("secret-value").innerText()).trim();
    expect(token).toMatch(/^fh_v2_[0-9A-Za-z]{32}$/);
    await expect(once.getByRole("button", { name: "Copy API token" })).toBeVisible();

    // Stored hashed, limited to the chosen form, made by this user.
    const [row] = await seed.db.select().from(apiTokens).where(eq(apiTokens.organizationId, org.organizationId));
    expect(row).toMatchObject({
      kind: "v2",
      name: "CRM sync",
      scopes: ["form.view"],
      allowedFormIds: [form.id],
      tokenHash: hashToken(token),
      createdByUserId: org.userId,
    });

    // Works over HTTP within its scope, refused outside it.
    const forms = await api.get("/api/v2/forms", token);
    expect(forms.status).toBe(200);
    expect(forms.body.forms.map((f: { name: string }) => f.name)).toEqual(["Signups"]);
    const submissions = await api.get(`/api/v2/submissions?form_uuid=${form.uuid}`, token);
    expect(submissions).toMatchObject({
      status: 403,
      body: { message: "You do not have permission to perform this action. Required scope: submission.view" },
    });

    await page.getByRole("button", { name: "Done" }).click();
    await expect(once).toHaveCount(0);
    await page.reload();
    // The list never shows the token again: its prefix, scopes, forms, use.
    const card = page.getByTestId("token-row");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("CRM sync");
    await expect(card).toContainText(token.slice(0, 10) + "…");
    await expect(card).not.toContainText(token);
    await expect(card).toContainText("form.view");
    await expect(card.getByText("Signups")).toBeVisible();
    await expect(card).toContainText("Requests2");
    await expect(card).toContainText("Created byTest User");
    await expectAccessibleAndNarrow(page, "tokens-list");

    // Revoke: the dialog keeps focus and gives it back, then the API says 401.
    const revoke = card.getByRole("button", { name: "Revoke CRM sync" });
    await revoke.focus();
    await page.keyboard.press("Enter");
    await expectDialogTrapsFocus(page, "Revoke “CRM sync”?", revoke);
    await revoke.click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke token" }).click();
    await expect(page.getByRole("status")).toHaveText(/API token “CRM sync” revoked\./);
    await expect(page.getByText("No API tokens yet.")).toBeVisible();
    expect(await api.get("/api/v2/forms", token)).toMatchObject({ status: 401, body: { message: "Invalid access token" } });
  });

  test("a form's v1 token made here works on /api/v1 for that form, and can be revoked", async ({ page, seed, api }) => {
    test.setTimeout(120_000);
    const org = await seed.org();
    await seed.form(org.organizationId, { name: "Alpha" });
    const beta = await seed.form(org.organizationId, { name: "Beta" });
    await openDashboardPage(page, org, "/tokens", "API tokens");
    await page.getByLabel("Form", { exact: true }).selectOption({ label: "Beta" });
    await expect(page.getByText("This form has no v1 tokens.")).toBeVisible();

    await page.getByRole("button", { name: "New form token" }).click();
    const panel = page.getByRole("form", { name: "New form token (v1)" });
    await panel.getByLabel("Name").fill("Legacy export");
    // v1 offers its three scopes only.
    await expect(panel.getByRole("checkbox")).toHaveCount(3);
    await panel.getByRole("checkbox", { name: "form.view" }).check();
    await panel.getByRole("checkbox", { name: "submission.view" }).check();
    await panel.getByRole("button", { name: "Create token" }).click();
    const token = (await page.getByTestId("secret-value").innerText()).trim();
    expect(token).toMatch(/^fh_v1_[0-9A-Za-z]{32}$/);
    const [row] = await seed.db.select().from(apiTokens).where(eq(apiTokens.organizationId, org.organizationId));
    expect(row).toMatchObject({ kind: "v1", formId: beta.id, scopes: ["form.view", "submission.view"], tokenHash: hashToken(token) });

    const forms = await api.get("/api/v1/forms", token);
    expect(forms.status).toBe(200);
    expect(JSON.stringify(forms.body)).toContain(beta.uuid);
    // A v1 token is no v2 token.
    expect((await api.get("/api/v2/forms", token)).status).toBe(401);

    await page.getByRole("button", { name: "Done" }).click();
    await page.getByTestId("token-row").getByRole("button", { name: "Revoke Legacy export" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke token" }).click();
    await expect(page.getByRole("status")).toHaveText(/Form token “Legacy export” revoked\./);
    expect((await api.get("/api/v1/forms", token)).status).toBe(401);
    // The other form never had it.
    await page.getByLabel("Form", { exact: true }).selectOption({ label: "Alpha" });
    await expect(page.getByText("This form has no v1 tokens.")).toBeVisible();
  });
});
