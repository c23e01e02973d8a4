import type { APIRequestContext } from "@playwright/test";
import { desc, eq, sql } from "drizzle-orm";
import { forms, submissions, uniqueLinks } from "../../../db/schema";
import { accessForOrganization } from "../../../server/services/forms/access";
import { createPrefills } from "../../../server/services/prefills/create-prefills";
import { createUniqueLinks, type NewUniqueLinkItem } from "../../../server/services/unique-links/create-unique-links";
import type { ApiClient, FormFile, Seed } from "../../fixtures";
import { CONTACT_ELEMENTS } from "../form-fixtures";

/** Survey tests: published forms, submits, and reading the result back as integrators do. */

/** A fresh organization with a published form (the contact form: every element type). */
export async function publishedForm(seed: Seed, def: Partial<FormFile> = {}) {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, { name: "Contact us", elements: CONTACT_ELEMENTS, ...def }, { publish: true });
  return { org, form };
}

export const PLAN_OPTIONS = [
  { id: "o_free", label: "Free", value: "free" },
  { id: "o_team", label: "Team", value: "team" },
];
const isTeam = { all: [{ field: "plan", op: "is_equal_to", value: "o_team" }] };

/** A form with logic (issue 26), three pages: the team page only for the team plan; `why` only for a team over 10. */
export const LOGIC_FORM = {
  name: "Signup",
  description: "Tell us about you",
  elements: [
    { id: "email", label: "Email", type: "email", required: true },
    { id: "plan", label: "Plan", type: "radio", required: true, options: PLAN_OPTIONS },
    { id: "pg_team", label: "Your team", type: "page-break", showIf: isTeam },
    { id: "team_size", label: "Team size", type: "number", required: true, min: 2, max: 500 },
    { id: "pg_last", label: "Almost done", type: "page-break" },
    {
      id: "why",
      label: "Why a team?",
      type: "long-text",
      required: true,
      showIf: { all: [{ field: "Team size", op: "is_greater_than", value: 10 }] },
    },
    { id: "note", label: "Anything else?", type: "short-text", placeholder: "Optional", description: "We read everything" },
  ],
  endings: [
    { id: "end_team", title: "Welcome aboard", message: "We will call you.", redirectUrl: "https://example.com/teams", showIf: isTeam },
    { id: "end_thanks", title: "Thanks!", message: "Enjoy the free plan." },
  ],
};

export const submitPath = (formUuid: string) => `/f/${formUuid}/submit`;
export const linkSubmitPath = (linkId: string) => `/u/${linkId}/submit`;

/** A form post the way a browser sends one; redirects are not followed. */
export async function formPost(
  request: APIRequestContext,
  path: string,
  fields: [string, string][],
  type: "urlencoded" | "multipart" = "urlencoded",
) {
  const boundary = "----formhouse-test-boundary";
  const body =
    type === "urlencoded"
      ? new URLSearchParams(fields).toString()
      : fields.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join("") +
        `--${boundary}--\r\n`;
  const contentType = type === "urlencoded" ? "application/x-www-form-urlencoded" : `multipart/form-data; boundary=${boundary}`;
  const res = await request.fetch(path, {
    method: "POST",
    data: Buffer.from(body),
    headers: { "content-type": contentType },
    maxRedirects: 0,
  });
  const text = await res.text();
  return { status: res.status(), headers: res.headers(), text };
}

export const startTokenOf = (html: string) => /name="_start" value="([^"]+)"/.exec(html)?.[1];

/** The contact form's required answers as form fields. */
export const REQUIRED_FIELDS: [string, string][] = [
  ["full_name.first_name", "Ada"],
  ["full_name.last_name", "Lovelace"],
  ["email", "ada@example.com"],
  ["message", "Hello"],
];

/** POST JSON to a submit endpoint. */
export const postJson = (api: ApiClient, path: string, body: unknown, headers: Record<string, string> = {}) =>
  api.call("POST", path, { body, headers });

/** The v2 submission as `GET /api/v2/submissions/:id` returns it (a fresh token each call). */
export async function readSubmission(api: ApiClient, seed: Seed, organizationId: number, id: string) {
  const token = await seed.token(organizationId, { scopes: ["submission.view", "form.view"] });
  const res = await api.get(`/api/v2/submissions/${id}`, token);
  if (res.status !== 200) throw new Error(`GET submission ${id}: ${res.status} ${res.text}`);
  return res.body.submission as { id: string; formId: string; data: Record<string, unknown>; createdAt: string; updatedAt: string };
}

/** `submissionsCount` as GET /api/v2/forms/:id reports it. */
export async function apiSubmissionsCount(api: ApiClient, seed: Seed, organizationId: number, formId: number): Promise<number> {
  const token = await seed.token(organizationId, { scopes: ["form.view"] });
  const res = await api.get(`/api/v2/forms/${formId}`, token);
  return res.body.submissionsCount as number;
}

/** The stored rows of a form, newest first (what the API does not show: spam, duration, link). */
export function storedRows(seed: Seed, formId: number) {
  return seed.db
    .select({
      id: submissions.id,
      data: submissions.data,
      spam: submissions.spam,
      duration: submissions.duration,
      uniqueLinkId: submissions.uniqueLinkId,
    })
    .from(submissions)
    .where(eq(submissions.formId, formId))
    .orderBy(desc(submissions.createdAt));
}

export async function linkStatus(seed: Seed, linkId: string) {
  const [row] = await seed.db.select({ status: uniqueLinks.status }).from(uniqueLinks).where(eq(uniqueLinks.id, linkId));
  return row?.status;
}

export async function createLinks(seed: Seed, organizationId: number, formUuid: string, items: NewUniqueLinkItem[]) {
  return (await createUniqueLinks(seed.db, accessForOrganization(organizationId), formUuid, items)).created;
}

export async function createPrefill(seed: Seed, organizationId: number, formUuid: string, prefillData: unknown[], name = "prefill") {
  const { created } = await createPrefills(seed.db, accessForOrganization(organizationId), formUuid, [{ name, prefillData }]);
  return created[0]!.id;
}

/** Puts a link in a state the API cannot (expired in the past, completed). */
export async function setLink(
  seed: Seed,
  linkId: string,
  values: { status?: "pending" | "in_progress" | "completed"; active?: boolean; expiresAt?: Date },
) {
  await seed.db.update(uniqueLinks).set(values).where(eq(uniqueLinks.id, linkId));
}

export async function setForm(seed: Seed, formId: number, values: { published?: boolean; trashed?: boolean }) {
  await seed.db
    .update(forms)
    .set({
      ...(values.published !== undefined ? { published: values.published } : {}),
      ...(values.trashed !== undefined ? { trashedAt: values.trashed ? sql`now()` : null } : {}),
    })
    .where(eq(forms.id, formId));
}

/** Valid answers to the contact form in the JSON shape, and what is stored for them. */
export const CONTACT_ANSWERS = {
  full_name: { first_name: "Ada", last_name: "Lovelace" },
  email: "ada@example.com",
  phone: "+44-20 7123 4567",
  subject: "Analytical engine",
  message: "Can your forms compute Bernoulli numbers?",
  employees: "12.5",
  callback_on: "2030-06-03",
  source: "newsletter",
  topic: "sales",
  country: "FR",
  products: ["forms", "api"],
  mood: "happy",
  priorities: ["privacy", "speed", "price"],
  satisfaction: { row_docs: { col_great: true }, row_support: { col_ok: "2" } },
  colleagues: [{ colleague_name: "Charles Babbage", colleague_email: "charles@example.com" }, { colleague_name: "Mary Somerville" }],
  postal_address: { street: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" },
};

export const CONTACT_STORED = {
  ...CONTACT_ANSWERS,
  phone: "+442071234567",
  employees: 12.5,
  satisfaction: { row_docs: { col_great: "3" }, row_support: { col_ok: "2" } },
};
