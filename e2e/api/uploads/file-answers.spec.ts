import { formNotifications } from "../../../db/schema";
import { waitForMail } from "../../mail/mailbox";
import { expect, test } from "../../fixtures";
import { storedRows, submitPath } from "../survey/survey-fixtures";
import { attemptSignIn } from "../sign-in-client";
import { fileRows, multipartPost, PDF, uploadForm } from "./upload-fixtures";
import { insertWebhook } from "../webhooks/helpers";
import { startReceiver, waitFor } from "../webhooks/receiver";

/** Where else a file answer shows: the owner's notification mail and the CSV export carry its signed link, which downloads it. */

test("the owner's notification mail lists the file with a link signed for 15 minutes that downloads it", async ({ seed, request }) => {
  const { org, form } = await uploadForm(seed);
  await seed.db.insert(formNotifications).values({ userId: org.userId, formId: form.id, mode: "each" });
  const res = await multipartPost(request, submitPath(form.uuid), [
    { name: "who", value: "Ada" },
    { name: "fld_cv", filename: "cv.pdf", type: "application/pdf", data: PDF },
  ]);
  expect(res.status, res.text).toBe(201);
  const [file] = await fileRows(seed, form.id);
  expect(file!.submissionId).toBe((await storedRows(seed, form.id))[0]!.id);

  const [mail] = await waitForMail(org.email);
  expect(mail!.parsed.text).toContain("Your CV");
  const link = new RegExp(`https?://[^\\s"<>]+/files/${file!.id}\\?expires=\\d+&signature=[\\w-]+`).exec(mail!.parsed.text ?? "")?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  const expires = Number(url.searchParams.get("expires"));
  expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(15 * 60_000);
  const download = await request.get(`${url.pathname}${url.search}`);
  expect(download.status()).toBe(200);
  expect(Buffer.from(await download.body()).equals(PDF)).toBe(true);
  expect(download.headers()["content-disposition"]).toMatch(/^attachment; filename="cv.pdf"/);
});

test("the CSV export's cell of a file answer is its signed link, which downloads the file", async ({
  seed,
  request,
  baseURL,
  clientAddress,
}) => {
  const { org, form } = await uploadForm(seed, { maxFiles: 2 });
  const res = await multipartPost(request, submitPath(form.uuid), [
    { name: "who", value: "Ada" },
    { name: "fld_cv", filename: "a.pdf", type: "application/pdf", data: PDF },
    { name: "fld_cv", filename: "b.pdf", type: "application/pdf", data: PDF },
  ]);
  expect(res.status, res.text).toBe(201);
  const files = await fileRows(seed, form.id);
  const { sessionCookie } = await attemptSignIn(baseURL!, org.email, org.password, { "x-forwarded-for": clientAddress });
  const csv = await request.get(`/submissions/export?form=${form.uuid}&view=all`, { headers: { cookie: sessionCookie! } });
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  const [header, line] = text.replace(/^\uFEFF/, "").split("\r\n");
  expect(header).toContain("Your CV");
  const links = [...line!.matchAll(/https?:\/\/[^\s";]+\/files\/([0-9a-f-]{36})\?expires=\d+&signature=[\w-]+/g)];
  expect(links.map((m) => m[1]).sort()).toEqual(files.map((f) => f.id).sort());
  const first = new URL(links[0]![0]);
  expect((await request.get(`${first.pathname}${first.search}`)).status()).toBe(200);
});

test("a form webhook's Submission.Created carries the file as {name, size, contentType, url}, and the url downloads it", async ({
  seed,
  request,
}) => {
  const { form } = await uploadForm(seed);
  const receiver = await startReceiver();
  try {
    await insertWebhook(seed.db, form.id, receiver.url);
    const res = await multipartPost(request, submitPath(form.uuid), [
      { name: "who", value: "Ada" },
      { name: "fld_cv", filename: "cv.pdf", type: "application/pdf", data: PDF },
    ]);
    expect(res.status, res.text).toBe(201);
    const got = await waitFor("the delivery", () => receiver.received[0]);
    const [file] = await fileRows(seed, form.id);
    const shown = { name: "cv.pdf", size: PDF.length, contentType: "application/pdf", url: expect.stringMatching(/\/files\//) };
    expect(got.json.submission.data.fld_cv).toEqual([shown]);
    expect(got.json.submission.fields["Your CV"]).toEqual([shown]);
    const url = new URL(got.json.submission.data.fld_cv[0].url);
    expect(url.pathname).toBe(`/files/${file!.id}`);
    const download = await request.get(`${url.pathname}${url.search}`);
    expect(download.status()).toBe(200);
    expect(Buffer.from(await download.body()).equals(PDF)).toBe(true);
  } finally {
    await receiver.close();
  }
});
