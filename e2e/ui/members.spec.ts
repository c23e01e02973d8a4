import { and, eq, sql } from "drizzle-orm";
import { invitations, memberships, userSessions, users } from "../../db/schema";
import { freshAddress, linkIn, waitForMail } from "../mail/mailbox";
import { expect, test } from "../fixtures";
import { openDashboardPage, signIn } from "./helpers";
import { expectAccessibleAndNarrow } from "./page-checks";

/**
 * Teams in the browser: the owner invites, the invitee accepts from the mail in the suite's real
 * mail server in a second browser, sees what a viewer may, gets the table's 403 sentence for what
 * a viewer may not; a removed member's open page stops on its next request; last-owner rules;
 * switching organizations and a link into another organization.
 */

test("the owner invites by mail; the invitee signs up from the link in another browser, works as a viewer, and is removed", async ({
  page,
  browser,
  baseURL,
  seed,
}) => {
  test.setTimeout(180_000);
  const owner = await seed.org({ orgName: "Agency" });
  await seed.form(owner.organizationId, { name: "Client survey" }, { publish: true });
  const invitee = freshAddress("invitee");

  await openDashboardPage(page, owner, "/forms", "Forms");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("list", { name: "Settings" }).getByRole("link", { name: "Members" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  await expect(page.getByTestId("member-row")).toHaveCount(1);
  await expect(page.getByTestId("permission-matrix")).toContainText("Manage API tokens");
  await expectAccessibleAndNarrow(page, "members-owner");

  await page.getByRole("button", { name: "Invite member" }).click();
  const panel = page.getByRole("form", { name: "Invite a member" });
  await panel.getByLabel("Email").fill(invitee);
  await panel.getByLabel("Role").selectOption("viewer");
  await expectAccessibleAndNarrow(page, "members-invite-panel");
  await panel.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toContainText(`Invitation to ${invitee} sent by mail.`);
  await expect(page.getByTestId("invitation-row")).toContainText(invitee);

  const [mail] = await waitForMail(invitee);
  expect(mail!.parsed.subject).toBe("Join Agency on Formhouse");
  const link = linkIn(mail!, `${baseURL}/invite/`);
  const [stored] = await seed.db.select().from(invitations).where(eq(invitations.email, invitee));
  expect(stored!.tokenHash).not.toContain(link.split("/").pop()!);

  const other = await browser.newContext({ baseURL });
  const them = await other.newPage();
  try {
    await them.goto(link);
    await expect(them.getByRole("heading", { level: 1, name: "Join Agency" })).toBeVisible();
    await expect(them.getByText("as a viewer")).toBeVisible();
    await expect(them.getByLabel("Email")).toHaveValue(invitee);
    await expect(them.getByLabel("Email")).toHaveAttribute("readonly", "");
    await expectAccessibleAndNarrow(them, "invitation-sign-up");
    await them.getByLabel("Your name").fill("Vera Viewer");
    await them.getByLabel("Choose a password").fill("a viewer's passphrase");
    await them.getByRole("button", { name: "Create account and join" }).click();
    await expect(them).toHaveURL(/\/forms$/, { timeout: 20_000 });
    await expect(them.getByTestId("org-name")).toHaveText("Agency");
    await expect(them.getByRole("link", { name: "Client survey" }).first()).toBeVisible();

    // A viewer reads forms, and is told in the table's words what they may not do.
    await them.goto("/tokens");
    await expect(them.getByRole("alert").first()).toContainText("Your role (viewer) cannot manage API tokens: ask an admin or owner");

    // The link works once.
    await them.goto(link);
    await expect(them.getByTestId("invitation-gone")).toHaveText("This invitation was already used. Sign in to reach the organization.");
    await them.goto("/settings/members");
    await expect(them.getByTestId("member-row")).toHaveCount(2);
    await expect(them.getByRole("button", { name: "Invite member" })).toHaveCount(0);

    // The owner removes them; their open page stops on its next request.
    await page.reload();
    await page.getByRole("button", { name: "Remove Vera Viewer" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove member" }).click();
    await expect(page.getByRole("status")).toContainText("Vera Viewer was removed.");
    const [user] = await seed.db.select().from(users).where(eq(users.email, invitee));
    expect(await seed.db.select().from(userSessions).where(eq(userSessions.userId, user!.id))).toEqual([]);
    await them.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Forms" }).click();
    await expect(them).toHaveURL(/\/sign-in/, { timeout: 20_000 });
  } finally {
    await other.close();
  }
});

test("last-owner rules: the only owner cannot leave or lower themself; after making another owner they can", async ({ page, seed }) => {
  test.setTimeout(120_000);
  const owner = await seed.org({ orgName: "Solo" });
  const second = await seed.org({ name: "Second Person" });
  await seed.db.insert(memberships).values({ userId: second.userId, organizationId: owner.organizationId, role: "admin" });
  await openDashboardPage(page, owner, "/settings/members", "Members");

  await page.getByRole("button", { name: "Leave organization" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Leave" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("The last owner cannot leave: make another member owner first");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("button", { name: "Make owner Second Person" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Transfer ownership" }).click();
  await expect(page.getByRole("status")).toContainText("Second Person is now an owner; you are an admin.");
  const roles = await seed.db
    .select({ userId: memberships.userId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.organizationId, owner.organizationId));
  expect(Object.fromEntries(roles.map((r) => [r.userId, r.role]))).toEqual({ [owner.userId]: "admin", [second.userId]: "owner" });
  // Now an admin: no owner controls, and an owner cannot be removed by them.
  await expect(page.getByRole("button", { name: "Remove Second Person" })).toHaveCount(0);
  await page.getByRole("button", { name: "Leave organization" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Leave" }).click();
  await expect(page).toHaveURL(/\/(forms|sign-in)/, { timeout: 20_000 });
  expect(
    await seed.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.organizationId, owner.organizationId), eq(memberships.userId, owner.userId))),
  ).toEqual([]);
});

test("a link to another organization's builder or submission says where it is and switches there; a stranger's is not found", async ({
  page,
  seed,
}) => {
  test.setTimeout(120_000);
  const me = await seed.org({ orgName: "Home Org" });
  const client = await seed.org({ orgName: "Client Org" });
  const stranger = await seed.org({ orgName: "Stranger Org" });
  await seed.db.insert(memberships).values({ userId: me.userId, organizationId: client.organizationId, role: "editor" });
  const theirs = await seed.form(client.organizationId, { name: "Client's form", submissions: [{ data: {} }] }, { publish: true });
  const [submission] = await seed.db.execute<{ id: string }>(sql`select id from submissions where form_id = ${theirs.id}`);
  const foreign = await seed.form(stranger.organizationId, { name: "Not mine", submissions: [{ data: {} }] });
  const [foreignSubmission] = await seed.db.execute<{ id: string }>(sql`select id from submissions where form_id = ${foreign.id}`);

  await signIn(page, me.email, me.password);
  await page.goto(`/forms/${theirs.uuid}/edit`);
  await expect(page.getByRole("heading", { name: "This form belongs to Client Org" })).toBeVisible();
  await page.goto(`/submissions/${submission!.id}`);
  await expect(page.getByRole("heading", { name: "This submission belongs to Client Org" })).toBeVisible();
  await expectAccessibleAndNarrow(page, "submission-in-other-organization");
  // Nothing of an organization the user is not in: not found, as before.
  await page.goto(`/submissions/${foreignSubmission!.id}`);
  await expect(page.getByRole("heading", { name: "Submission not found" })).toBeVisible();
  await page.goto(`/forms/${foreign.uuid}/edit`);
  await expect(page.getByRole("heading", { name: "Form not found" })).toBeVisible();

  await page.goto(`/submissions/${submission!.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(["Submission"]);
  await page.getByRole("button", { name: "Switch to Client Org" }).click();
  await expect(page.getByRole("heading", { name: "Answers" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("org-name")).toHaveText("Client Org");
  await page.goto(`/forms/${theirs.uuid}/edit`);
  await expect(page.getByRole("heading", { level: 1, name: "Client's form" })).toBeVisible();
});

test("a member of two organizations switches from the header; a link into the other one says so and switches", async ({ page, seed }) => {
  test.setTimeout(120_000);
  const me = await seed.org({ orgName: "Home Org" });
  const client = await seed.org({ orgName: "Client Org" });
  await seed.db.insert(memberships).values({ userId: me.userId, organizationId: client.organizationId, role: "editor" });
  const theirs = await seed.form(client.organizationId, { name: "Client's form" }, { publish: true });

  await signIn(page, me.email, me.password);
  await expect(page.getByTestId("org-name")).toHaveText("Home Org");
  // A link to the other organization's form: not a 404, but where it is and a switch.
  await page.goto(`/forms/${theirs.uuid}`);
  await expect(page.getByRole("heading", { name: "This form belongs to Client Org" })).toBeVisible();
  await expectAccessibleAndNarrow(page, "form-in-other-organization");
  await page.getByRole("button", { name: "Switch to Client Org" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Client's form" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("org-name")).toHaveText("Client Org");

  // The switcher, by keyboard: open, pick, and the dashboard reloads in the other organization.
  const opener = page.getByRole("button", { name: /Client Org \(switch organization\)/ });
  await opener.focus();
  await page.keyboard.press("Enter");
  const list = page.getByRole("list", { name: "Your organizations" });
  await expect(list.getByRole("button")).toHaveText([/Client OrgEditor/, /Home OrgOwner/]);
  await expectAccessibleAndNarrow(page, "organization-switcher-open");
  await page.keyboard.press("Escape");
  await expect(list).toHaveCount(0);
  await expect(opener).toBeFocused();
  await opener.click();
  await list.getByRole("button", { name: /Home Org/ }).click();
  await expect(page).toHaveURL(/\/forms$/);
  await expect(page.getByTestId("org-name")).toHaveText("Home Org");
});
