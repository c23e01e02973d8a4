import type { Page } from "@playwright/test";
import { expect } from "../fixtures";

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
