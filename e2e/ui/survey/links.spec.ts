import { expect, test } from "../../fixtures";
import { createLinks, linkStatus, publishedForm, setForm, setLink } from "../../api/survey/survey-fixtures";
import { openSurvey, submit, submitAndThank } from "./survey-helpers";

/** Unique links in the browser: every state's page, and pending → in_progress → completed. */

test("every unique link state has its page and status", async ({ page, seed }) => {
  const { org, form } = await publishedForm(seed);
  const [open, inactive, expired, completed, closedForm] = await createLinks(seed, org.organizationId, form.uuid, [{}, {}, {}, {}, {}]);
  await setLink(seed, inactive!.id, { active: false });
  await setLink(seed, expired!.id, { expiresAt: new Date(Date.now() - 60_000) });
  await setLink(seed, completed!.id, { status: "completed" });
  const cases: [string, number, string][] = [
    [open!.id, 200, "Contact us"],
    [inactive!.id, 410, "This link is no longer active"],
    [expired!.id, 410, "This link has expired"],
    [completed!.id, 410, "This form has already been submitted"],
    ["6f1c2f0e-8a43-4d7e-9a55-0c3b1c1e2a11", 404, "This form is not available"],
  ];
  for (const [id, status, heading] of cases) {
    const res = await page.goto(`/u/${id}`);
    expect(res!.status(), id).toBe(status);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByRole("button", { name: "Submit" })).toHaveCount(status === 200 ? 1 : 0);
  }
  await setForm(seed, form.id, { published: false });
  const res = await page.goto(`/u/${closedForm!.id}`);
  expect(res!.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This form is not available");
});

test("a link is in_progress once opened, completed once submitted, and then says so", async ({ page, seed }) => {
  const { org, form } = await publishedForm(seed, {
    elements: [{ id: "answer", label: "Your answer", type: "short-text", required: true }],
  });
  const [link] = await createLinks(seed, org.organizationId, form.uuid, [{ entryName: "ada" }]);
  expect(await linkStatus(seed, link!.id)).toBe("pending");
  await openSurvey(page, `/u/${link!.id}`);
  expect(await linkStatus(seed, link!.id)).toBe("in_progress");
  await page.getByLabel("Your answer").fill("42");
  await submitAndThank(page, form.uuid, { linkId: link!.id });
  // Thanked without the public form's address anywhere on the page.
  expect(await page.content()).not.toContain(form.uuid);
  expect(await linkStatus(seed, link!.id)).toBe("completed");
  const again = await page.goto(`/u/${link!.id}`);
  expect(again!.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This form has already been submitted");
});

test("a link's page runs the survey form in the browser: answers are checked there before anything is posted", async ({ page, seed }) => {
  const { org, form } = await publishedForm(seed, {
    elements: [{ id: "answer", label: "Your answer", type: "short-text", required: true }],
  });
  const [link] = await createLinks(seed, org.organizationId, form.uuid, [{}]);
  const posts: string[] = [];
  page.on("request", (request) => void (request.method() === "POST" && posts.push(request.url())));
  await openSurvey(page, `/u/${link!.id}`);
  await submit(page);
  await expect(page.getByRole("alert").getByRole("listitem")).toHaveText(["Your answer: This field is required"]);
  expect(page.url()).toMatch(new RegExp(`/u/${link!.id}$`));
  expect(posts).toEqual([]);
});
