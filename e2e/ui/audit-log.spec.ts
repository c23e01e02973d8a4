import { readFile } from "node:fs/promises";
import { recordAudit, type AuditActor } from "../../server/audit/record";
import { createApiToken } from "../../server/services/tokens/create-token";
import { expect, test } from "../fixtures";
import { bodyRows, signIn, tabTo } from "./helpers";
import { expectAccessibleAndNarrow } from "./page-checks";

/** Settings → Audit log: the organization's log with filters by actor, action and days, paging and the CSV of what is shown. */

/** A day as the date inputs write it, `offset` days from today (the suite's browser and this process share a clock and zone). */
const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

test("the audit log lists who did what; filters by keyboard; the CSV holds the filtered rows; axe and 390 px", async ({ page, seed }) => {
  test.setTimeout(120_000);
  const org = await seed.org();
  const { id: tokenId } = await createApiToken(seed.db, {
    organizationId: org.organizationId,
    kind: "v2",
    scopes: ["webhook.write"],
    name: "Zap bridge",
  });
  const member: AuditActor = {
    organizationId: org.organizationId,
    type: "user",
    id: String(org.userId),
    label: org.email,
    ip: "203.0.113.9",
    userAgent: "Firefox",
  };
  const token: AuditActor = {
    organizationId: org.organizationId,
    type: "api_token",
    id: String(tokenId),
    label: null,
    ip: "198.51.100.7",
    userAgent: "curl/8",
  };
  await recordAudit(seed.db, member, "token.created", { type: "api_token", id: tokenId, label: "Zap bridge" }, { kind: "v2" });
  await recordAudit(seed.db, token, "webhook.secret_rotated", { type: "webhook", id: 7, label: "hooks.example.test" });

  await signIn(page, org.email, org.password);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("list", { name: "Settings" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Audit log" })).toHaveAttribute("aria-current", "page");

  // The sign-in just now, and the two rows above: newest first.
  await expect(bodyRows(page)).toHaveCount(3);
  await expect(bodyRows(page).nth(0)).toContainText("Signed in");
  await expect(bodyRows(page).nth(1)).toContainText("Zap bridge");
  await expect(bodyRows(page).nth(1)).toContainText("Rotated a webhook's signing secret");
  await expect(bodyRows(page).nth(1)).toContainText("hooks.example.test");
  await expect(bodyRows(page).nth(1)).toContainText("198.51.100.7");
  await expect(bodyRows(page).nth(2)).toContainText("Created an API token");
  await expect(bodyRows(page).nth(2)).toContainText(org.email);
  // The full instant, in the viewer's time zone, on hover.
  await expect(bodyRows(page).nth(2).locator("time")).toHaveAttribute("title", /\d{4}.*\d{1,2}:\d{2}:\d{2}/);
  await expect(page.getByRole("columnheader", { name: "When" })).toHaveAttribute("aria-sort", "descending");
  await expectAccessibleAndNarrow(page, "audit-log");

  // By keyboard: the action filter.
  const action = page.getByLabel("Action", { exact: true });
  await tabTo(page, action);
  await action.selectOption({ label: "Rotated a webhook's signing secret" });
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(page).toHaveURL(/action=webhook\.secret_rotated/);

  // The CSV of what is shown.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "").split("\r\n");
  expect(lines[0]).toBe("Time (UTC),Actor type,Actor id,Actor,Action,Action label,Target type,Target id,Target,IP,User agent,Metadata");
  expect(lines).toHaveLength(3);
  const label = "Rotated a webhook's signing secret";
  expect(lines[1]).toContain(
    `API token,${tokenId},Zap bridge,webhook.secret_rotated,${label},webhook,7,hooks.example.test,198.51.100.7,curl/8`,
  );

  // The actor filter, then both cleared.
  await action.selectOption("");
  const actor = page.getByLabel("Actor", { exact: true });
  await actor.selectOption({ label: `${org.email} (Member)` });
  await expect(bodyRows(page)).toHaveCount(2);
  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(bodyRows(page)).toHaveCount(3);

  // Days, in the viewer's zone: from tomorrow nothing; today only, everything; a range ending before it starts is said so.
  await page.getByLabel("From", { exact: true }).fill(day(1));
  await expect(page.getByRole("heading", { name: "No matching events" })).toBeVisible();
  await expectAccessibleAndNarrow(page, "audit-log-no-match");
  await page.getByLabel("From", { exact: true }).fill(day(0));
  await page.getByLabel("To", { exact: true }).fill(day(0));
  await expect(bodyRows(page)).toHaveCount(3);
  await page.getByLabel("From", { exact: true }).fill(day(2));
  await expect(page.locator("p[role=alert]")).toHaveText("The last day is before the first day: no event can match.");
});

test("paging: 20 events a page", async ({ page, seed }) => {
  const org = await seed.org();
  const system: AuditActor = {
    organizationId: org.organizationId,
    type: "system",
    id: null,
    label: "Formhouse",
    ip: null,
    userAgent: null,
  };
  for (let i = 0; i < 21; i++) await recordAudit(seed.db, system, "form.trashed", { type: "form", id: `f${i}`, label: `Form ${i}` });
  await signIn(page, org.email, org.password);
  await page.goto("/settings/audit?action=form.trashed");
  await expect(bodyRows(page)).toHaveCount(20);
  await page.getByRole("button", { name: /next/i }).first().click();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(page).toHaveURL(/page=2/);
});

test("the audit.view scope is offered in the token dialog and listed in the API reference with the operation", async ({ page, seed }) => {
  const org = await seed.org();
  await signIn(page, org.email, org.password);
  await page.goto("/tokens");
  await page.getByRole("button", { name: "New API token" }).click();
  const panel = page.getByRole("form", { name: "New API token" });
  await expect(panel.getByRole("checkbox", { name: "audit.view" })).toHaveAccessibleDescription(
    "Read the organization's audit log: who did what, when and from where",
  );
  await page.goto("/docs");
  await expect(page.getByRole("cell", { name: "audit.view", exact: true }).first()).toBeVisible();
  const op = page.locator("article.op").filter({ has: page.locator("h2", { hasText: /^GET\s*\/api\/v2\/audit_events$/ }) });
  await expect(op).toContainText("List audit events");
  await expect(op).toContainText("webhook.secret_rotated");
});
