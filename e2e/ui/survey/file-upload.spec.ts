import { expect, test } from "../../fixtures";
import { storedRows } from "../../api/survey/survey-fixtures";
import { fileRows, HTML_PAGE, PDF, PNG, uploadForm } from "../../api/uploads/upload-fixtures";
import { expectNoAxeViolations, expectNoHorizontalScroll } from "../a11y";
import { openSurvey } from "./survey-helpers";

/**
 * A file-upload field in Chromium: a real file input (accept, multiple), the page's own check
 * before the post (a wrong type, a too-large file: the message beside the field, nothing
 * posted), the post with the file, and the same without JavaScript, where the server's check
 * is the one the respondent sees.
 */

test("choosing a file and submitting stores it; a wrong type and a too-large file are told beside the field first", async ({
  page,
  seed,
}) => {
  const { form } = await uploadForm(seed, { accept: [".pdf"], maxFileSizeMb: 1 });
  await openSurvey(page, `/f/${form.uuid}`);
  const input = page.getByLabel("Your CV");
  await expect(input).toHaveAttribute("type", "file");
  await expect(input).toHaveAttribute("accept", ".pdf");
  await expect(input).not.toHaveAttribute("multiple");
  await expect(page.locator("form#survey")).toHaveAttribute("enctype", "multipart/form-data");
  await expect(page.getByText("Up to 1 MB", { exact: false })).toBeVisible();
  await page.getByLabel("Your name").fill("Ada");

  let posts = 0;
  page.on("request", (r) => void (r.method() === "POST" && r.url().endsWith("/submit") && posts++));

  await input.setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Submit" }).click();
  const error = page.locator("#survey-fld_cv-error");
  await expect(error).toHaveText("Choose a file of type .pdf");
  await expect(input).toHaveAttribute("aria-invalid", "true");

  await input.setInputFiles({ name: "big.pdf", mimeType: "application/pdf", buffer: Buffer.concat([PDF, Buffer.alloc(1100 * 1024)]) });
  await expect(error).toHaveText("Choose a file of 1 MB or less");
  await expectNoAxeViolations(page, "file field with an error");
  expect(posts).toBe(0);

  await input.setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(error).toBeHidden();
  await Promise.all([page.waitForURL(`**/f/${form.uuid}/thanks`), page.getByRole("button", { name: "Submit" }).click()]);
  const [file] = await fileRows(seed, form.id);
  expect(file).toMatchObject({ name: "cv.pdf", contentType: "application/pdf", size: PDF.length });
  expect(file!.submissionId).toBe((await storedRows(seed, form.id))[0]!.id);
});

test("several files when the field takes several; the page fits 390 px", async ({ page, seed }) => {
  const { form } = await uploadForm(seed, { maxFiles: 2 });
  await page.setViewportSize({ width: 390, height: 844 });
  await openSurvey(page, `/f/${form.uuid}`);
  await expect(page.getByLabel("Your CV")).toHaveAttribute("multiple", "");
  await expectNoHorizontalScroll(page, "file field at 390 px");
  await expectNoAxeViolations(page, "file field at 390 px");
  await page.getByLabel("Your name").fill("Ada");
  await page.getByLabel("Your CV").setInputFiles([
    { name: "a.pdf", mimeType: "application/pdf", buffer: PDF },
    { name: "b.png", mimeType: "image/png", buffer: PNG },
  ]);
  await Promise.all([page.waitForURL(`**/f/${form.uuid}/thanks`), page.getByRole("button", { name: "Submit" }).click()]);
  expect((await fileRows(seed, form.id)).map((f) => f.name).sort()).toEqual(["a.pdf", "b.png"]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server refuses an HTML page called cv.pdf with its message beside the field; a real PDF is stored", async ({ page, seed }) => {
    const { form } = await uploadForm(seed);
    await page.goto(`/f/${form.uuid}`);
    await page.getByLabel("Your name").fill("Ada");
    await page.getByLabel("Your CV").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: HTML_PAGE });
    const [response] = await Promise.all([
      page.waitForResponse(`**/f/${form.uuid}/submit`),
      page.getByRole("button", { name: "Submit" }).click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(page.locator("#survey-fld_cv-error")).toHaveText("Your CV: the file's content does not match its name or type");
    expect(await fileRows(seed, form.id)).toEqual([]);

    await page.getByLabel("Your name").fill("Ada");
    await page.getByLabel("Your CV").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: PDF });
    await Promise.all([page.waitForURL(`**/f/${form.uuid}/thanks`), page.getByRole("button", { name: "Submit" }).click()]);
    expect((await fileRows(seed, form.id))[0]).toMatchObject({ name: "cv.pdf", size: PDF.length });
  });
});
