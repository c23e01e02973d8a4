import fc from "fast-check";
import { eq } from "drizzle-orm";
import { uniqueLinks } from "../../../db/schema";
import type { APIRequestContext } from "@playwright/test";
import { expect, newClientAddress, test, type Seed } from "../../fixtures";
import { CONTACT_ELEMENTS, EVERY_KIND } from "../form-fixtures";
import { createLinks, createPrefill, publishedForm, setForm, setLink, submitPath } from "../survey/survey-fixtures";
import { surveyProblem } from "./survey-oracle";
import { describeSurveyRequest, surveyRequest, type FuzzSurveyElement, type SurveyWorld } from "./survey-requests";

/**
 * Property-based fuzz of the survey routes, which have no OpenAPI document (fuzz.spec.ts covers
 * the documented surfaces): hostile form-encoded, multipart and JSON posts to
 * `POST /f/<uuid>/submit` and `POST /u/<id>/submit`, hostile ids and query strings on
 * `GET /f/<uuid>` and `GET|HEAD /u/<id>`. Every answer must be one the README documents, in the
 * request's own language (survey-oracle.ts), never a 5xx.
 *
 * In the suite: a fixed seed, FUZZ_RUNS requests (default 400) within FUZZ_TIME_LIMIT_MS
 * (default 30 s). `npm run fuzz` runs it at length with the documented surfaces' fuzz.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_250_901);
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_LIMIT_MS ?? 30_000);
/** Links a valid submit completes: enough that most link submits still reach the validator, in long runs too. */
const OPEN_LINKS = Math.min(Math.max(40, Math.ceil((RUNS || 20_000) / 25)), 1_000);
const UNKNOWN = "00000000-0000-0000-0000-000000000000";

/** The contact form (every element type), a draft, open and closed links, prefills, a real start token. */
async function seedWorld(seed: Seed, request: APIRequestContext): Promise<SurveyWorld> {
  const { org, form } = await publishedForm(seed);
  const { form: draft } = await publishedForm(seed);
  await setForm(seed, draft.id, { published: false });
  const open = await createLinks(
    seed,
    org.organizationId,
    form.uuid,
    Array.from({ length: OPEN_LINKS }, (_, i) => (i % 4 ? {} : { prefillData: EVERY_KIND })),
  );
  const [inactive, expired, completed] = await createLinks(seed, org.organizationId, form.uuid, [{}, {}, {}]);
  await setLink(seed, inactive!.id, { active: false });
  await setLink(seed, expired!.id, { expiresAt: new Date(Date.now() - 60_000) });
  await setLink(seed, completed!.id, { status: "completed" });
  const prefill = await createPrefill(seed, org.organizationId, form.uuid, EVERY_KIND);
  const [linkPrefill] = await seed.db.select({ id: uniqueLinks.prefillId }).from(uniqueLinks).where(eq(uniqueLinks.id, open[0]!.id));

  const page = await request.get(`/f/${form.uuid}`);
  const startToken = /name="_start" value="([^"]+)"/.exec(await page.text())?.[1];
  expect(startToken, "the survey page's start token").toBeTruthy();

  return {
    elements: CONTACT_ELEMENTS as FuzzSurveyElement[],
    formUuid: form.uuid,
    // Weighted by repetition: mostly the live form.
    formIds: [...Array(8).fill(form.uuid), form.uuid.toUpperCase(), draft.uuid, UNKNOWN, String(form.id)],
    linkIds: [...open.map((l) => l.id), inactive!.id, expired!.id, completed!.id, UNKNOWN],
    prefillIds: [prefill, linkPrefill!.id!, UNKNOWN],
    startToken: startToken!,
  };
}

test(`survey routes answer hostile form posts, JSON, \
ids and queries with a documented status in the request's own language, never 5xx`, async ({ seed, request }) => {
  test.setTimeout((TIME_LIMIT_MS || RUNS * 300) + 120_000);
  const world = await seedWorld(seed, request);

  // One address is over the submit limit from the start, so 429 pages meet hostile posts too.
  const busyAddress = newClientAddress();
  for (let i = 0; i < 20; i++) {
    const res = await request.post(submitPath(world.formUuid), { data: { data: {} }, headers: { "x-forwarded-for": busyAddress } });
    expect(res.status()).toBe(422);
  }

  const statuses = new Map<string, number>();
  let sent = 0;
  const started = Date.now();
  const property = fc.asyncProperty(surveyRequest(world), async (req) => {
    // Every request its own address: the submit limit (20 a minute) would otherwise answer everything.
    const headers: Record<string, string> = { "x-forwarded-for": req.busy ? busyAddress : newClientAddress() };
    if (req.body?.type) headers["content-type"] = req.body.type;
    const res = await request.fetch(req.target, { method: req.method, headers, data: req.body?.data, maxRedirects: 0, timeout: 20_000 });
    sent++;
    const key = `${res.status()}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    const text = (await res.body()).toString("utf8");
    const answer = {
      status: res.status(),
      type: res.headers()["content-type"] ?? "",
      text,
      location: res.headers().location,
      sentPath: new URL(res.url()).pathname,
    };
    const problem = surveyProblem(req, answer, world.formUuid);
    if (problem)
      throw new Error(`${problem}\n  ${describeSurveyRequest(req)}\n  answer ${res.status()} (${answer.type}): ${text.slice(0, 300)}`);
  });
  try {
    await fc.assert(property, { seed: SEED, numRuns: RUNS, plugins: TIME_LIMIT_MS ? [fc.interruptAfterTimeLimit(TIME_LIMIT_MS)] : [] });
  } finally {
    const mix = [...statuses.entries()]
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([s, n]) => `${s}: ${n}`)
      .join(", ");
    console.log(`survey fuzz: ${sent} requests, seed ${SEED}, ${Date.now() - started} ms; statuses ${mix}`);
  }
  expect(sent).toBeGreaterThanOrEqual(Math.min(RUNS, 50));
  // The generator still writes requests that get through: stored both ways, refused by the validator.
  if (sent >= 200) for (const status of ["201", "303", "422"]) expect(statuses.get(status) ?? 0, `answers ${status}`).toBeGreaterThan(0);
});
