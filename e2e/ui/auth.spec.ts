import { randomUUID } from "node:crypto";
import { expect, test } from "../fixtures";
import { clickSignOut, dropSessionCookie, failSignIn, formError, screenshot, signIn } from "./helpers";

test.describe("Sign up", () => {
  test("a new account lands on an empty Forms page, signed in", async ({ page }) => {
    const email = `new-${randomUUID()}@example.test`;
    await page.goto("/sign-up");
    await page.getByLabel("Your name").fill("Ada Lovelace");
    await page.getByLabel("Organization name").fill("Analytical Engines");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a long enough password");
    await screenshot(page, "sign-up");
    await page.getByRole("button", { name: "Create account" }).click();

    // Two password hashings (sign-up, then sign-in) and a full page load.
    await expect(page).toHaveURL(/\/forms$/, { timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Forms" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No forms yet" })).toBeVisible();
    // The next step is in the dashboard, not on a server's command line.
    await expect(page.getByRole("button", { name: "Create your first form" })).toBeVisible();
    await screenshot(page, "forms-empty");
    await expect(page.getByTestId("org-name")).toHaveText("Analytical Engines");
    await expect(page.getByTestId("user-email")).toHaveText(email);

    // The session survives a reload (it is a cookie, not page state).
    await page.reload();
    await expect(page.getByRole("heading", { name: "No forms yet" })).toBeVisible();
  });

  // Sign-up used to say "An account with this email already exists": a free list of who has an
  // account. Now both answers are alike; only signing in with the password tells them apart.
  test("an email that already has an account is not revealed: the page moves on to sign-in", async ({ page, seed }) => {
    const org = await seed.org();
    await page.goto("/sign-up");
    await page.getByLabel("Your name").fill("Someone Else");
    await page.getByLabel("Email").fill(org.email.toUpperCase());
    await page.getByLabel("Password").fill("another password");
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page).toHaveURL(/\/sign-in\?error=SignUpNotSignedIn$/);
    await expect(formError(page)).toHaveText(
      "We could not sign you in with that password. If you already had an account with this email, sign in with its password.",
    );
    // The owner's account is untouched: their own password still signs in.
    await signIn(page, org.email, org.password);
    await expect(page.getByTestId("user-email")).toHaveText(org.email);
  });

  test("signing up again with the account's own password simply signs in", async ({ page, seed }) => {
    const org = await seed.org();
    await page.goto("/sign-up");
    await page.getByLabel("Your name").fill("Test User");
    await page.getByLabel("Email").fill(org.email);
    await page.getByLabel("Password").fill(org.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/forms$/);
    await expect(page.getByTestId("user-email")).toHaveText(org.email);
  });
});

test.describe("Sign in", () => {
  test("a wrong password shows 'Email or password is incorrect' and no session", async ({ page, seed }) => {
    const org = await seed.org();
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(org.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();

    await expect(formError(page)).toHaveText("Email or password is incorrect");
    await expect(page).toHaveURL(/\/sign-in$/);
    await screenshot(page, "sign-in-error");

    await page.goto("/forms");
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("after 10 wrong passwords the email is locked for a while, even with the right password", async ({ page, seed }) => {
    test.setTimeout(60_000);
    const org = await seed.org();
    await page.goto("/sign-in");
    await failSignIn(page, org.email, 10);
    await page.getByLabel("Password").fill(org.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(formError(page)).toHaveText("Too many sign-in attempts for this email. Please wait 15 minutes and try again.");
    await page.goto("/forms");
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("a successful sign-in resets the failed-attempt count", async ({ page, seed }) => {
    test.setTimeout(60_000);
    const org = await seed.org();
    await page.goto("/sign-in");
    await failSignIn(page, org.email, 9);
    await signIn(page, org.email, org.password);
    await dropSessionCookie(page);
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(org.email);
    await page.getByLabel("Password").fill("wrong again");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(formError(page)).toHaveText("Email or password is incorrect");
    // Ten failures without the reset: this sign-in would be locked out.
    await dropSessionCookie(page);
    await signIn(page, org.email, org.password);
  });

  test("a callback URL that a browser reads as another site lands on Forms instead", async ({ page, seed, baseURL }) => {
    const org = await seed.org();
    // Were the redirect followed, this page would answer instead of a DNS error.
    await page.route(/^https?:\/\/evil\.example\//, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Evil</h1>" }),
    );
    for (const callbackUrl of ["/%09/evil.example/", "/%5Cevil.example", "https://evil.example/forms"]) {
      await dropSessionCookie(page);
      await page.goto(`/sign-in?callbackUrl=${callbackUrl}`);
      await page.getByLabel("Email").fill(org.email);
      await page.getByLabel("Password").fill(org.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page, callbackUrl).toHaveURL(`${baseURL}/forms`);
      await expect(page.getByRole("heading", { level: 1, name: "Forms" })).toBeVisible();
    }
  });

  test("a callback URL on this site is where sign-in lands", async ({ page, seed, baseURL }) => {
    const org = await seed.org();
    await page.goto(`/sign-in?callbackUrl=${encodeURIComponent("/tokens")}`);
    await page.getByLabel("Email").fill(org.email);
    await page.getByLabel("Password").fill(org.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${baseURL}/tokens`);
  });

  test("an unknown email shows the same message", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(`nobody-${randomUUID()}@example.test`);
    await page.getByLabel("Password").fill("whatever it is");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(formError(page)).toHaveText("Email or password is incorrect");
  });

  test("the sign-in page has labelled fields and a link to sign up", async ({ page }) => {
    await page.goto("/sign-in");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Email" })).toBeVisible();
    await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
    await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/sign-up");
    await screenshot(page, "sign-in");
  });
});

test.describe("Signed out", () => {
  test("visiting /forms redirects to /sign-in", async ({ page }) => {
    await page.goto("/forms");
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  });

  test("the home page and every dashboard page redirect to /sign-in, which will return to the page asked for", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in$/);
    for (const path of ["/submissions", "/tokens", "/webhooks", "/prefills", "/unique-links", "/submissions?form=abc&view=spam"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(`/sign-in?${new URLSearchParams({ callbackUrl: path })}`);
    }
  });

  test("a deep link returns there after signing in, and after signing up from the sign-in page", async ({ page, seed, baseURL }) => {
    const org = await seed.org();
    await page.goto("/webhooks?form=somewhere");
    await page.getByLabel("Email").fill(org.email);
    await page.getByLabel("Password").fill(org.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${baseURL}/webhooks?form=somewhere`, { timeout: 15_000 });
    await clickSignOut(page);

    // Someone new follows the same kind of link and creates an account instead.
    await page.goto("/tokens");
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(`${baseURL}/sign-up?callbackUrl=%2Ftokens`);
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-in?callbackUrl=%2Ftokens");
    await page.getByLabel("Your name").fill("Deep Linker");
    await page.getByLabel("Email").fill(`deep-${randomUUID()}@example.test`);
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(`${baseURL}/tokens`, { timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1, name: "API tokens" })).toBeVisible();
  });

  test("a sign-up link that names another site lands on Forms", async ({ page, baseURL }) => {
    await page.goto(`/sign-up?callbackUrl=${encodeURIComponent("//evil.example/x")}`);
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-in");
    await page.getByLabel("Your name").fill("Careful Person");
    await page.getByLabel("Email").fill(`careful-${randomUUID()}@example.test`);
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(`${baseURL}/forms`, { timeout: 15_000 });
  });

  test("dashboard procedures answer 401 without a session", async ({ request }) => {
    const res = await request.get(`/api/trpc/forms.list?input=${encodeURIComponent(JSON.stringify({ page: 1 }))}`);
    expect(res.status()).toBe(401);
    expect(await res.json()).toMatchObject({ error: { message: "Sign in to continue", data: { code: "UNAUTHORIZED" } } });
    const me = await request.get("/api/trpc/account.me");
    expect(me.status()).toBe(401);
    expect(await me.json()).toMatchObject({ error: { message: "Sign in to continue", data: { code: "UNAUTHORIZED" } } });
  });

  test("a forged session cookie is not a session", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "next-auth.session-token", value: "not-a-real-token", url: baseURL! }]);
    await page.goto("/forms");
    await expect(page).toHaveURL(/\/sign-in$/);
  });
});

test.describe("Sign out", () => {
  test("signs out to the sign-in page and closes the dashboard again", async ({ page, seed }) => {
    const org = await seed.org();
    await signIn(page, org.email, org.password);
    await clickSignOut(page);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await page.goto("/forms");
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("ends the session on the server: a copy of the old cookie opens nothing", async ({ page, seed, browser, baseURL }) => {
    const org = await seed.org();
    await signIn(page, org.email, org.password);
    const copied = (await page.context().cookies()).filter((c) => c.name === "next-auth.session-token");
    expect(copied).toHaveLength(1);
    await clickSignOut(page);

    // Someone who kept the cookie (another tab's copy, a stolen one) tries it after sign-out.
    const other = await browser.newContext({ baseURL });
    try {
      await other.addCookies(copied);
      const tab = await other.newPage();
      await tab.goto("/forms");
      await expect(tab).toHaveURL(/\/sign-in$/);
      const me = await other.request.get("/api/trpc/account.me");
      expect(me.status()).toBe(401);
    } finally {
      await other.close();
    }
  });
});
