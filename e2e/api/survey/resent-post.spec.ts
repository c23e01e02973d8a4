import { expect, test } from "../../fixtures";
import { deliveriesOf, insertWebhook } from "../webhooks/helpers";
import { formPost, publishedForm, REQUIRED_FIELDS, startTokenOf, storedRows, submitPath } from "./survey-fixtures";

/**
 * The same form post sent again (a reload of the answer, Back then Submit without JavaScript, a
 * double click) is one submission: the page's start token keys it (submissions.post_key), the
 * second post is thanked like the first and stores and sends nothing.
 */

/** A rendered page's token, old enough that its post is not taken for spam (a spam post sends no webhook). */
async function pageToken(request: Parameters<typeof formPost>[0], formUuid: string) {
  const html = await (await request.get(`/f/${formUuid}`)).text();
  const token = startTokenOf(html);
  expect(token).toBeTruthy();
  await new Promise((r) => setTimeout(r, 2_100));
  return token!;
}

test("a form post sent twice with its page's token stores one submission and one delivery; both are thanked", async ({ seed, request }) => {
  const { form } = await publishedForm(seed);
  const hook = await insertWebhook(seed.db, form.id, "https://example.com/hook");
  const fields: [string, string][] = [...REQUIRED_FIELDS, ["_start", await pageToken(request, form.uuid)]];

  const first = await formPost(request, submitPath(form.uuid), fields);
  const again = await formPost(request, submitPath(form.uuid), fields);
  expect([first.status, first.headers.location]).toEqual([303, `/f/${form.uuid}/thanks`]);
  expect([again.status, again.headers.location]).toEqual([303, `/f/${form.uuid}/thanks`]);
  expect(await storedRows(seed, form.id)).toHaveLength(1);
  expect(await deliveriesOf(seed.db, hook.id)).toHaveLength(1);

  // Five at once with another page's token: one more submission, not five.
  const other: [string, string][] = [...REQUIRED_FIELDS, ["_start", await pageToken(request, form.uuid)]];
  const burst = await Promise.all(Array.from({ length: 5 }, () => formPost(request, submitPath(form.uuid), other)));
  expect(burst.map((r) => r.status)).toEqual([303, 303, 303, 303, 303]);
  expect(await storedRows(seed, form.id)).toHaveLength(2);
  expect(await deliveriesOf(seed.db, hook.id)).toHaveLength(2);
});

test("posts without a token, or with a forged one, are not keyed: each is stored (as before)", async ({ seed, request }) => {
  const { form } = await publishedForm(seed);
  const forged = `${form.id}.${Date.now() - 60_000}.${"A".repeat(43)}`;
  for (const fields of [
    REQUIRED_FIELDS,
    REQUIRED_FIELDS,
    [...REQUIRED_FIELDS, ["_start", forged]],
    [...REQUIRED_FIELDS, ["_start", forged]],
  ]) {
    expect((await formPost(request, submitPath(form.uuid), fields as [string, string][])).status).toBe(303);
  }
  expect(await storedRows(seed, form.id)).toHaveLength(4);
});
