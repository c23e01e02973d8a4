import { expect, test } from "../fixtures";
import { LOGIC_FORM, submitPath } from "../api/survey/survey-fixtures";
import { openDashboardPage } from "./helpers";
import { expectAccessibleAndNarrow } from "./page-checks";

/**
 * The form page's drop-off funnel (issue 26): how many respondents reached each page and
 * finished, and the unfinished responses to open, by keyboard, with axe and at 390 px.
 */

test("the Drop-off section counts pages reached and finished, opens an unfinished response by keyboard, passes axe at 390 px", async ({
  page,
  seed,
  baseURL,
}) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, LOGIC_FORM, { publish: true });
  /** One respondent per call (a browser of its own): its steps, in order. */
  const respondent = async (steps: Record<string, string>[]) => {
    let cookie = "";
    for (const fields of steps) {
      const res = await fetch(new URL(submitPath(form.uuid), baseURL), {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
        body: new URLSearchParams(fields),
      });
      expect([200, 303]).toContain(res.status);
      cookie ||= res.headers.get("set-cookie")?.split(";")[0] ?? "";
    }
  };
  const first = { _page: "0", _step: "next", email: "ada@example.com", plan: "team" };
  await respondent([first]);
  await respondent([
    { ...first, email: "bob@example.com" },
    { _page: "1", _step: "next", email: "bob@example.com", plan: "team", team_size: "4" },
    { _page: "2", email: "bob@example.com", plan: "team", team_size: "4" },
  ]);

  await openDashboardPage(page, org, `/forms/${form.uuid}`, "Signup");
  const funnel = page.getByRole("region", { name: "Drop-off" });
  await expect(funnel.getByRole("table", { name: "Respondents who reached each page" })).toBeVisible();
  await expect(funnel.getByRole("row")).toHaveText([
    /^Page\s*Reached$/,
    /^1\. First page\s*2$/,
    /^2\. Your team\s*2$/,
    /^3\. Almost done\s*1$/,
    /^Finished\s*1$/,
  ]);
  // The unfinished one opens by keyboard and shows its answers so far.
  const summary = funnel.getByText(/^Stopped on page 2, last saved/);
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(funnel.getByText("ada@example.com")).toBeVisible();
  await expect(funnel.getByText("bob@example.com")).toHaveCount(0);
  await expectAccessibleAndNarrow(page, "form-funnel");
});
