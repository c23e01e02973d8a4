import type { Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { createUserWithOrganization } from "../../server/services/users/create-user";
import { expect, type Seed, type SeededOrg } from "../fixtures";

export { expectAccessibleAndNarrow } from "./a11y";

/** A modal dialog keeps Tab inside itself, and Escape (Cancel) hands focus back to `opener`. */
export async function expectDialogTrapsFocus(page: Page, dialogName: string | RegExp, opener: ReturnType<Page["getByRole"]>) {
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/**
 * An organization whose user has a short email (seed.org's are 50+ characters), so the width
 * check measures the page and not the sidebar's account line: the shell shows the email
 * unbroken (its responsive layout is built separately).
 */
export async function seedOrgWithShortEmail(seed: Seed, opts: { orgName?: string } = {}): Promise<SeededOrg> {
  const email = `u${randomBytes(4).toString("hex")}@ex.test`;
  const password = "correct horse battery staple";
  const ids = await createUserWithOrganization(seed.db, { email, password, name: "Test User", organizationName: opts.orgName ?? "Test org" });
  return { ...ids, email, password };
}
