import { eq } from "drizzle-orm";
import { organizations, userSessions, users } from "../../db/schema";
import { expect, test } from "../fixtures";
import { dropSessionCookie, openDashboardPage, signIn } from "./helpers";
import { linkIn, waitForMail } from "../mail/mailbox";
import { expectAccessibleAndNarrow } from "./page-checks";

/** The Account page: profile, password (ending the other sessions), organization name. */

test.describe("Account page", () => {
  test("a password change signs out the other session, keeps this one, and the new password works", async ({
    page,
    browser,
    seed,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const org = await seed.org();
    // A second browser signed in as the same user.
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    try {
      await signIn(otherPage, org.email, org.password);
      await openDashboardPage(page, org, "/account", "Account");
      expect(await seed.db.select().from(userSessions).where(eq(userSessions.userId, org.userId))).toHaveLength(2);
      await expectAccessibleAndNarrow(page, "account");

      const form = page.getByRole("form", { name: "Password" });
      // A wrong current password is shown at its field; nothing changes.
      await form.getByLabel("Current password").fill("not my password");
      await form.getByLabel("New password").fill("a much better passphrase");
      await form.getByRole("button", { name: "Change password" }).click();
      await expect(form.locator("#password-current-error")).toHaveText("The current password is not correct");
      await expect(form.getByRole("alert")).toHaveText("Please correct the fields marked above.");
      // Too short: the sign-up's rule, at the new password's field.
      await form.getByLabel("Current password").fill(org.password);
      await form.getByLabel("New password").fill("short");
      await form.getByRole("button", { name: "Change password" }).click();
      await expect(form.locator("#password-new-error")).toHaveText("password must be at least 8 characters");

      await form.getByLabel("New password").fill("a much better passphrase");
      await form.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByRole("status")).toHaveText(
        /Your password was changed\. 1 other session was signed out\. This one stays signed in\./,
      );
      expect(await seed.db.select().from(userSessions).where(eq(userSessions.userId, org.userId))).toHaveLength(1);

      // The other browser is signed out on its next request; this one is not.
      await otherPage.goto("/forms");
      await expect(otherPage).toHaveURL(/\/sign-in/);
      await page.goto("/forms");
      await expect(page.getByRole("heading", { level: 1, name: "Forms" })).toBeVisible();

      // The new password signs in; the old one no longer does.
      await dropSessionCookie(page);
      await signIn(page, org.email, "a much better passphrase");
    } finally {
      await other.close();
    }
  });

  test("name, email (with the current password, confirmed by mail) and organization name are saved", async ({ page, seed, baseURL }) => {
    test.setTimeout(120_000);
    const org = await seed.org({ orgName: "Acme" });
    const taken = await seed.org();
    await openDashboardPage(page, org, "/account", "Account");
    const profile = page.getByRole("form", { name: "Profile" });
    await expect(profile.getByLabel("Name")).toHaveValue("Test User");
    await expect(profile.getByLabel("Email")).toHaveValue(org.email);

    await profile.getByLabel("Name").fill("Ada Lovelace");
    const newEmail = `ada-${Date.now()}@example.test`;
    await profile.getByLabel("Email").fill(taken.email);
    await profile.getByLabel("Current password").fill(org.password);
    await profile.getByRole("button", { name: "Save profile" }).click();
    await expect(profile.locator("#profile-email-error")).toHaveText("Another account uses this email");

    await profile.getByLabel("Email").fill("not an email");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await expect(profile.locator("#profile-email-error")).toHaveText("email must be a valid email address");

    await profile.getByLabel("Email").fill(newEmail.toUpperCase());
    await profile.getByLabel("Current password").fill("wrong");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await expect(profile.locator("#profile-password-error")).toHaveText("The current password is not correct");
    await profile.getByLabel("Current password").fill(org.password);
    await profile.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByRole("status")).toHaveText(/Your profile was saved\./);
    // The suite's server has a mail server: the name is saved at once, the email waits for the link sent to it.
    await expect(page.getByRole("status")).toContainText(
      `Your profile was saved. We sent a link to ${newEmail}; your email changes when you open it.`,
    );
    await expect(profile.getByLabel("Email")).toHaveValue(org.email);
    await expect(profile.getByLabel("Current password")).toHaveCount(0);
    const [pending] = await seed.db.select().from(users).where(eq(users.id, org.userId));
    expect(pending).toMatchObject({ name: "Ada Lovelace", email: org.email });
    const [confirmation] = await waitForMail(newEmail);
    await page.goto(linkIn(confirmation!, `${baseURL}/confirm-email?token=`));
    await expect(page.getByRole("status")).toHaveText(`Your sign-in email is now ${newEmail}.`);
    await expectAccessibleAndNarrow(page, "confirm-email");
    const [user] = await seed.db.select().from(users).where(eq(users.id, org.userId));
    expect(user).toMatchObject({ name: "Ada Lovelace", email: newEmail });
    const [told] = await waitForMail(org.email);
    expect(told!.parsed.subject).toBe("Your Formhouse sign-in email was changed");
    await page.getByRole("link", { name: "Go to your forms" }).click();
    await expect(page.getByTestId("user-email")).toHaveText(newEmail);
    await page.goto("/account");
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
    await expect(profile.getByLabel("Email")).toHaveValue(newEmail);

    const orgForm = page.getByRole("form", { name: "Organization" });
    await orgForm.getByLabel("Organization name").fill("   ");
    await orgForm.getByRole("button", { name: "Save name" }).click();
    await expect(orgForm.locator("#organization-name-error")).toHaveText("organization name is required");
    await orgForm.getByLabel("Organization name").fill("Acme Research");
    await orgForm.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByRole("status")).toHaveText(/The organization's name was saved\./);
    const [row] = await seed.db.select().from(organizations).where(eq(organizations.id, org.organizationId));
    expect(row!.name).toBe("Acme Research");
    await expect(page.getByTestId("org-name")).toHaveText("Acme Research");
  });
});
