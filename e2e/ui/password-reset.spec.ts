import { linkIn, waitForMail } from "../mail/mailbox";
import { expect, test } from "../fixtures";
import { dropSessionCookie, formError, signIn } from "./helpers";
import { expectAccessibleAndNarrow } from "./page-checks";

/** "Forgot password?" from the sign-in page to a new password, by keyboard, through the mail. */

const NEW_PASSWORD = "a brand new passphrase";

test.describe("Password reset", () => {
  test("forgot password → the mail's link → a new password: signed in on Forms; the old password and the old session are out", async ({
    page,
    browser,
    seed,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const org = await seed.org();
    // Another browser signed in before the reset.
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    try {
      await signIn(otherPage, org.email, org.password);

      // From the sign-in page by keyboard: Email, Password, Sign in, then the link.
      await page.goto("/sign-in");
      await expect(page.getByLabel("Email")).toBeFocused();
      for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "Forgot password?" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/forgot-password$/);
      await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
      await expectAccessibleAndNarrow(page, "forgot-password");

      await expect(page.getByLabel("Email")).toBeFocused();
      await page.keyboard.type(org.email);
      await page.keyboard.press("Enter");
      const answer = page.getByRole("status");
      await expect(answer).toHaveText("If an account uses this address, a reset link is on its way. It works for 60 minutes.");
      await expect(answer).toBeFocused();
      await expectAccessibleAndNarrow(page, "forgot-password-sent");

      const [mail] = await waitForMail(org.email);
      await page.goto(linkIn(mail!, `${baseURL}/reset-password?token=`));
      await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
      await expectAccessibleAndNarrow(page, "reset-password");

      // Two different passwords: said at the second field, which gets the focus; nothing changes.
      const newField = page.getByLabel("New password", { exact: true });
      const repeat = page.getByLabel("Repeat the new password");
      await expect(newField).toBeFocused();
      await page.keyboard.type(NEW_PASSWORD);
      await page.keyboard.press("Tab");
      await expect(repeat).toBeFocused();
      await page.keyboard.type("something else");
      await page.keyboard.press("Enter");
      await expect(page.locator("#confirm-password-error")).toHaveText("The two passwords are not the same");
      await expect(repeat).toBeFocused();
      await expect(repeat).toHaveAttribute("aria-invalid", "true");

      await repeat.fill("");
      await page.keyboard.type(NEW_PASSWORD);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/forms$/, { timeout: 15_000 });
      await expect(page.getByRole("heading", { level: 1, name: "Forms" })).toBeVisible();
      await expect(page.getByTestId("user-email")).toHaveText(org.email);

      // The session from before the reset is over.
      await otherPage.goto("/forms");
      await expect(otherPage).toHaveURL(/\/sign-in/);

      // The old password fails on the sign-in page; the new one signs in.
      await dropSessionCookie(page);
      await page.goto("/sign-in");
      await page.getByLabel("Email").fill(org.email);
      await page.getByLabel("Password").fill(org.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(formError(page)).toHaveText("Email or password is incorrect");
      await signIn(page, org.email, NEW_PASSWORD);
    } finally {
      await other.close();
    }
  });

  test("a used link says so, with a way to a new one", async ({ page, seed, baseURL }) => {
    const org = await seed.org();
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(org.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toBeVisible();
    const link = linkIn((await waitForMail(org.email))[0]!, `${baseURL}/reset-password?token=`);

    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Repeat the new password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(/\/forms$/, { timeout: 15_000 });

    await page.goto(link);
    await expect(page.getByRole("alert").filter({ hasText: "expired" })).toHaveText(
      "This reset link has expired or was already used. Ask for a new one.",
    );
    await expect(page.locator("input")).toHaveCount(0);
    await expectAccessibleAndNarrow(page, "reset-password-used");
    await page.getByRole("link", { name: "Ask for a new one" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});
