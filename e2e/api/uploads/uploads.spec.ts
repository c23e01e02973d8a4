import { eq } from "drizzle-orm";
import { submissionFiles } from "../../../db/schema";
import { pruneUnlinkedFiles } from "../../../server/uploads/cleanup";
import { expect, test } from "../../fixtures";
import { createLinks, linkStatus, linkSubmitPath, postJson, readSubmission, storedRows, submitPath } from "../survey/survey-fixtures";
import { fileRows, filesOnDisk, HTML_PAGE, multipartPost, PDF, PNG, signedLink, uploadForm, type Part } from "./upload-fixtures";

/**
 * File uploads (issue 27) against the suite's server, which stores on local disk: multipart
 * submits streamed into storage, limits and content types refused as the bytes arrive, the
 * answer value with its signed link, downloads, delete and the cleanup. The same flows on S3:
 * s3.spec.ts.
 */

const NAME: Part = { name: "who", value: "Ada" };
const cv = (data: Buffer, filename = "cv.pdf", type = "application/pdf"): Part => ({ name: "fld_cv", filename, type, data });

test.describe("multipart submit with files", () => {
  test("an API client's post stores the file; v2 answers {name, size, contentType, url}; the link downloads it", async ({
    seed,
    api,
    request,
  }) => {
    const { org, form } = await uploadForm(seed, { accept: [".pdf"] });
    const res = await multipartPost(request, submitPath(form.uuid), [NAME, cv(PDF)]);
    expect(res.status, res.text).toBe(201);

    const [row] = await storedRows(seed, form.id);
    const submission = await readSubmission(api, seed, org.organizationId, row!.id);
    expect(submission.data).toEqual({
      who: "Ada",
      fld_cv: [{ name: "cv.pdf", size: PDF.length, contentType: "application/pdf", url: expect.any(String) }],
    });
    const url = new URL((submission.data.fld_cv as { url: string }[])[0]!.url);
    expect(url.pathname).toMatch(/^\/files\/[0-9a-f-]{36}$/);
    expect(Number(url.searchParams.get("expires")) - Date.now() / 1000).toBeGreaterThan(14 * 60);
    expect(Number(url.searchParams.get("expires")) - Date.now() / 1000).toBeLessThanOrEqual(15 * 60);

    const download = await request.get(`${url.pathname}${url.search}`);
    expect(download.status()).toBe(200);
    expect(Buffer.from(await download.body()).equals(PDF)).toBe(true);
    const headers = download.headers();
    expect(headers["content-disposition"]).toBe(`attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["content-type"]).toBe("application/pdf");
    expect(headers["content-security-policy"]).toContain("sandbox");
    expect(headers["content-security-policy"]).toContain("default-src 'none'");

    const rows = await fileRows(seed, form.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ submissionId: row!.id, elementId: "fld_cv", name: "cv.pdf", size: PDF.length });
    expect(await filesOnDisk(org.organizationId, form.id)).toEqual([rows[0]!.id]);

    // v1 answers show the same value (keyed by label).
    const v1 = await api.get(`/api/v1/submissions/${row!.id}`, await seed.v1Token(org.organizationId, form.id));
    expect(v1.status, v1.text).toBe(200);
    expect(JSON.stringify(v1.body)).toContain("/files/");
  });

  test("a changed signature or a link past its time is a 403; a valid link to nothing is a 404", async ({ seed, request }) => {
    const { form } = await uploadForm(seed);
    expect((await multipartPost(request, submitPath(form.uuid), [NAME, cv(PDF)])).status).toBe(201);
    const [file] = await fileRows(seed, form.id);
    const good = await signedLink(seed, file!.id, Math.floor(Date.now() / 1000) + 600);
    expect((await request.get(good)).status()).toBe(200);
    const tampered = good.replace(/signature=(.)/, (_m, c: string) => `signature=${c === "A" ? "B" : "A"}`);
    const refused = await request.get(tampered);
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toBe("This download link is not valid or has expired: open the submission again for a fresh link\n");
    // A later expiry with the old signature.
    expect((await request.get(good.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 1}`))).status()).toBe(403);
    expect((await request.get(await signedLink(seed, file!.id, Math.floor(Date.now() / 1000) - 1))).status()).toBe(403);
    expect((await request.get(`/files/${file!.id}`)).status()).toBe(403);
    expect((await request.get(await signedLink(seed, crypto.randomUUID(), Math.floor(Date.now() / 1000) + 60))).status()).toBe(404);
  });

  test("an HTML page called cv.pdf is refused by its content: 400 naming the field, nothing stored", async ({ seed, request }) => {
    const { org, form } = await uploadForm(seed);
    const res = await multipartPost(request, submitPath(form.uuid), [NAME, cv(HTML_PAGE)]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Your CV: the file's content does not match its name or type" });
    expect(await storedRows(seed, form.id)).toEqual([]);
    expect(await fileRows(seed, form.id)).toEqual([]);
    expect(await filesOnDisk(org.organizationId, form.id)).toEqual([]);
  });

  test("a type outside `accept` is refused (400), judged by content, not by name", async ({ seed, request }) => {
    const { form } = await uploadForm(seed, { accept: [".pdf"] });
    const png = await multipartPost(request, submitPath(form.uuid), [NAME, cv(PNG, "photo.png", "image/png")]);
    expect(png.status).toBe(400);
    expect(png.body).toEqual({ message: "Your CV: the file must be one of .pdf" });
    // A PNG named .txt claims no binary format, but its bytes say PNG: not a PDF either.
    const renamed = await multipartPost(request, submitPath(form.uuid), [NAME, cv(PNG, "notes.txt", "text/plain")]);
    expect(renamed.status).toBe(400);
    expect(await fileRows(seed, form.id)).toEqual([]);
  });

  test("a file over the field's size is refused as it arrives: 413 naming the field, nothing left behind", async ({ seed, request }) => {
    const { org, form } = await uploadForm(seed, { maxFileSizeMb: 1 });
    const big = Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024, "x")]);
    const res = await multipartPost(request, submitPath(form.uuid), [NAME, cv(big)]);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: "Your CV: each file must be at most 1 MB" });
    expect(await fileRows(seed, form.id)).toEqual([]);
    expect(await filesOnDisk(org.organizationId, form.id)).toEqual([]);
    expect(await storedRows(seed, form.id)).toEqual([]);
  });

  test("more files than maxFiles is a 400; a file part for a field that takes none is a 400", async ({ seed, request }) => {
    const { form } = await uploadForm(seed, { maxFiles: 1 });
    const two = await multipartPost(request, submitPath(form.uuid), [NAME, cv(PDF), cv(PDF, "b.pdf")]);
    expect(two.status).toBe(400);
    expect(two.body).toEqual({ message: "Your CV: send at most 1 file" });
    const wrongField = await multipartPost(request, submitPath(form.uuid), [NAME, { name: "who", filename: "x.pdf", data: PDF }]);
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toEqual({ message: "'who' is not a file field of this form" });
    expect(await fileRows(seed, form.id)).toEqual([]);
  });

  test("several files when maxFiles allows; a required field without a file is a 422", async ({ seed, request, api }) => {
    const { org, form } = await uploadForm(seed, { maxFiles: 3 });
    const res = await multipartPost(request, submitPath(form.uuid), [NAME, cv(PDF, "a.pdf"), cv(PNG, "b.png", "image/png")]);
    expect(res.status, res.text).toBe(201);
    const [row] = await storedRows(seed, form.id);
    const submission = await readSubmission(api, seed, org.organizationId, row!.id);
    expect((submission.data.fld_cv as { name: string; contentType: string }[]).map((f) => [f.name, f.contentType])).toEqual([
      ["a.pdf", "application/pdf"],
      ["b.png", "image/png"],
    ]);
    // An empty file input (a browser sends a part with no file name) is no file.
    const none = await multipartPost(request, submitPath(form.uuid), [NAME, { name: "fld_cv", filename: "", data: Buffer.alloc(0) }]);
    expect(none.status).toBe(422);
    expect(none.body).toEqual({ message: "Submission is invalid", errors: [{ field: "fld_cv", message: "This field is required" }] });
  });

  test("hostile file names are stored safe: no path, no control characters", async ({ seed, request }) => {
    const { form } = await uploadForm(seed, { maxFiles: 3 });
    const res = await multipartPost(request, submitPath(form.uuid), [
      NAME,
      cv(Buffer.from("hello\n"), "../../../etc/passwd.txt", "text/plain"),
      cv(Buffer.from("a,b\n1,2\n"), "..\\..\\evil\u0001\u202e.csv", "text/csv"),
      cv(Buffer.from("x\n"), "...", "text/plain"),
    ]);
    expect(res.status, res.text).toBe(201);
    const rows = await fileRows(seed, form.id);
    expect(rows.map((r) => [r.name, r.contentType]).sort()).toEqual([
      ["evil.csv", "text/csv"],
      ["file", "text/plain"],
      ["passwd.txt", "text/plain"],
    ]);
    for (const r of rows) expect(r.storageKey).toBe(`${r.organizationId}/${form.id}/${r.id}`);
  });

  test("a JSON body cannot name a stored file: only upload tokens this service signed count", async ({ seed, request, api }) => {
    const { form } = await uploadForm(seed);
    expect((await multipartPost(request, submitPath(form.uuid), [NAME, cv(PDF)])).status).toBe(201);
    const [file] = await fileRows(seed, form.id);
    const stolen = { id: file!.id, name: "cv.pdf", size: PDF.length, contentType: "application/pdf" };
    const res = await postJson(api, submitPath(form.uuid), { data: { who: "Eve", fld_cv: [stolen] } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: "fld_cv", message: "Choose the file itself: a file field takes files sent with the form" }]);
    const forged = await postJson(api, submitPath(form.uuid), { data: { who: "Eve", fld_cv: ["eyJpIjoiMSJ9.forged"] } });
    expect(forged.status).toBe(422);
    expect(forged.body.errors).toEqual([{ field: "fld_cv", message: "This file is no longer available: choose it again" }]);
    expect(await storedRows(seed, form.id)).toHaveLength(1);
  });

  test("a file on a field hidden by the form's logic is dropped with its answer, and removed", async ({ seed, request }) => {
    const org = await seed.org();
    const elements = [
      { id: "who", label: "Your name", type: "short-text", required: true },
      { id: "fld_cv", label: "Your CV", type: "file-upload", showIf: { all: [{ field: "who", op: "is_equal_to", value: "Grace" }] } },
    ];
    const form = await seed.form(org.organizationId, { name: "Logic", elements }, { publish: true });
    const res = await multipartPost(request, submitPath(form.uuid), [NAME, cv(PDF)]);
    expect(res.status, res.text).toBe(201);
    const [row] = await storedRows(seed, form.id);
    expect(row!.data).toEqual({ who: "Ada" });
    expect(await fileRows(seed, form.id)).toEqual([]);
    expect(await filesOnDisk(org.organizationId, form.id)).toEqual([]);
  });

  test("a browser's form post over the limit gets the form again (413) with the message beside the field", async ({ seed, request }) => {
    const { form } = await uploadForm(seed, { maxFileSizeMb: 1 });
    const big = Buffer.concat([PDF, Buffer.alloc(1100 * 1024, "x")]);
    const res = await multipartPost(request, submitPath(form.uuid), [NAME, cv(big)], { page: true });
    expect(res.status).toBe(413);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.text).toContain("Your CV: each file must be at most 1 MB");
    expect(res.headers["content-security-policy"]).toContain("nonce-");
    expect(await fileRows(seed, form.id)).toEqual([]);
  });
});

test.describe("through a unique link", () => {
  test("POST /u/<id>/submit takes files too and completes the link; a second post is a 410 and keeps nothing", async ({
    seed,
    request,
  }) => {
    const { org, form } = await uploadForm(seed);
    const [link] = await createLinks(seed, org.organizationId, form.uuid, [{}]);
    const res = await multipartPost(request, linkSubmitPath(link!.id), [NAME, cv(PDF)]);
    expect(res.status, res.text).toBe(201);
    expect(await linkStatus(seed, link!.id)).toBe("completed");
    const [row] = await storedRows(seed, form.id);
    expect((await fileRows(seed, form.id)).map((f) => f.submissionId)).toEqual([row!.id]);
    const again = await multipartPost(request, linkSubmitPath(link!.id), [NAME, cv(PDF)]);
    expect(again.status).toBe(410);
    expect(await fileRows(seed, form.id)).toHaveLength(1);
  });
});

test.describe("the survey page's own posts", () => {
  test("a browser's form post with a file goes to the thank-you page (303)", async ({ seed, request }) => {
    const { form } = await uploadForm(seed);
    const res = await multipartPost(request, submitPath(form.uuid), [NAME, cv(PDF)], { page: true });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/f/${form.uuid}/thanks`);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    const [file] = await fileRows(seed, form.id);
    expect(file!.submissionId).toBe((await storedRows(seed, form.id))[0]!.id);
  });

  test("a file chosen on page 1 survives Next as its upload token and is stored by the last page's submit", async ({ seed, request }) => {
    const org = await seed.org();
    const elements = [
      { id: "fld_cv", label: "Your CV", type: "file-upload", required: true },
      { id: "pg_2", label: "About you", type: "page-break" },
      { id: "who", label: "Your name", type: "short-text", required: true },
    ];
    const form = await seed.form(org.organizationId, { name: "Steps", elements }, { publish: true });
    const step = await multipartPost(
      request,
      submitPath(form.uuid),
      [cv(PDF), { name: "_page", value: "0" }, { name: "_step", value: "next" }],
      { page: true },
    );
    expect(step.status, step.text.slice(0, 200)).toBe(200);
    const token = /<input type="hidden" name="fld_cv" value="([^"]+)"/.exec(step.text)?.[1];
    expect(token).toBeTruthy();
    expect(step.text).toContain("cv.pdf");
    const [pending] = await fileRows(seed, form.id);
    expect(pending!.submissionId).toBeNull();
    // The last page posts the token with the answers (its empty file input too, as a browser does).
    const done = await multipartPost(
      request,
      submitPath(form.uuid),
      [
        { name: "fld_cv", value: token!.replace(/&quot;/g, '"') },
        { name: "fld_cv", filename: "", data: Buffer.alloc(0) },
        { name: "_page", value: "1" },
        NAME,
      ],
      { page: true },
    );
    expect(done.status, done.text.slice(0, 300)).toBe(303);
    const [row] = await storedRows(seed, form.id);
    expect(row!.data.fld_cv).toEqual([{ id: pending!.id, name: "cv.pdf", size: PDF.length, contentType: "application/pdf" }]);
    expect((await fileRows(seed, form.id))[0]!.submissionId).toBe(row!.id);
    // A token is good for one submission: posting it again is refused.
    const again = await multipartPost(request, submitPath(form.uuid), [
      { name: "fld_cv", value: token! },
      { name: "_page", value: "1" },
      NAME,
    ]);
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual([{ field: "fld_cv", message: "This file is no longer available: choose it again" }]);
  });
});

test.describe("deleting and cleaning up", () => {
  test("deleting a submission deletes its files", async ({ seed, request, api }) => {
    const { org, form } = await uploadForm(seed);
    expect((await multipartPost(request, submitPath(form.uuid), [NAME, cv(PDF)])).status).toBe(201);
    const [row] = await storedRows(seed, form.id);
    expect(await filesOnDisk(org.organizationId, form.id)).toHaveLength(1);
    const token = await seed.token(org.organizationId, { scopes: ["submission.delete", "submission.view"] });
    const res = await api.call("DELETE", `/api/v2/submissions/${row!.id}`, { token });
    expect(res.status, res.text).toBe(200);
    expect(await fileRows(seed, form.id)).toEqual([]);
    expect(await filesOnDisk(org.organizationId, form.id)).toEqual([]);
  });

  test("files of an upload that never completed a submission are removed by the cleanup once a day old", async ({ seed, request }) => {
    const { org, form } = await uploadForm(seed);
    // A post that stored its file and then failed the answers (no name): a page comes back holding the file's token.
    const res = await multipartPost(request, submitPath(form.uuid), [cv(PDF)], { page: true });
    expect(res.status).toBe(422);
    const [file] = await fileRows(seed, form.id);
    expect(file!.submissionId).toBeNull();
    expect(res.text).toContain('type="hidden" name="fld_cv"');
    await pruneUnlinkedFiles(seed.db);
    expect(await fileRows(seed, form.id)).toHaveLength(1); // too young: kept
    await seed.db
      .update(submissionFiles)
      .set({ createdAt: new Date(Date.now() - 23.5 * 3600_000) })
      .where(eq(submissionFiles.id, file!.id));
    expect(await pruneUnlinkedFiles(seed.db)).toBeGreaterThanOrEqual(1);
    expect(await fileRows(seed, form.id)).toEqual([]);
    expect(await filesOnDisk(org.organizationId, form.id)).toEqual([]);
  });
});
