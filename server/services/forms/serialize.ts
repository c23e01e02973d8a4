import "server-only";
import { z } from "zod";
import type { Form } from "@/db/schema";
import { ELEMENT_TYPES } from "@/lib/forms/element-types";
import { previewImageUrl, surveyUrl } from "@/server/urls";
import { formSlug } from "./slug";
import { publicPublishing } from "@/lib/forms/form-settings";

/** The v2 detail's `settings` (lib/forms/form-settings.ts): every key optional; the CAPTCHA secret is never answered. */
const ZV2FormSettings = z.object({
  opensAt: z.string().optional().describe("ISO 8601: before it the form says when it opens and refuses submits (403)"),
  closesAt: z.string().optional().describe("ISO 8601: from then on the form says it is closed and refuses submits (403)"),
  maxResponses: z
    .number()
    .int()
    .optional()
    .describe("At most this many responses (spam aside), counted in the submit's own statement; then closed (403)"),
  closedMessage: z.string().optional().describe("What the closed page says instead of the default sentence"),
  onePerPerson: z
    .enum(["none", "browser", "email"])
    .optional()
    .describe("`browser`: a signed cookie (stops honest people only); `email`: one response per answer of `onePerPersonField` (409)"),
  onePerPersonField: z.string().optional().describe("The email element whose answer may respond once"),
  captcha: z
    .enum(["none", "altcha", "turnstile", "hcaptcha"])
    .optional()
    .describe("A solution the submit must carry (400 without): ALTCHA built in, or Turnstile/hCaptcha with the owner's keys"),
  captchaSiteKey: z.string().optional().describe("Turnstile's or hCaptcha's site key"),
  embedOrigins: z
    .array(z.string())
    .optional()
    .describe("The only origins that may frame the survey page (`frame-ancestors`); any site when unset"),
  slug: z.string().optional().describe("The short link `/f/<slug>`, unique per instance; the UUID link keeps working"),
});

/**
 * A form as each caller shows it, one function per shape: the v2 list item and detail, the v1
 * list item, the connector's form picker entry and the dashboard's row. The surfaces' shapes
 * differ by contract (v1 and the connector in snake_case, the v2 detail without `uuid`).
 */

/** v2 list item (`GET /api/v2/forms`). */
export const ZV2FormListItem = z.object({
  id: z.number().int().describe("Numeric form id"),
  uuid: z.string().describe("Form UUID"),
  name: z.string().describe("Form name"),
  createdAt: z.string().describe("ISO 8601"),
  updatedAt: z.string().describe("ISO 8601"),
  submissionsCount: z.number().int().describe("Total submissions of the form"),
});

export function toV2FormListItem(f: Form): z.infer<typeof ZV2FormListItem> {
  return {
    id: f.id,
    uuid: f.uuid,
    name: f.name,
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
    submissionsCount: f.submissionsCount,
  };
}

/** One element of the v2 detail, as stored; only the fields integrators rely on are described. */
const ZV2Element: z.ZodType = z.lazy(() =>
  z
    .object({
      id: z.string().describe("Element id; used as `prefill_data[].id` and as a filter field"),
      label: z.string(),
      type: z.string().describe(`One of: ${ELEMENT_TYPES.join(", ")}`),
      options: z
        .array(z.object({ id: z.string(), label: z.string(), value: z.string() }).loose())
        .optional()
        .describe("Choice types; `id` is what prefills use"),
      rows: z
        .array(z.object({ id: z.string(), label: z.string() }).loose())
        .optional()
        .describe("Matrix rows"),
      columns: z
        .array(z.object({ id: z.string(), label: z.string() }).loose())
        .optional()
        .describe("Matrix columns"),
      components: z.array(ZV2Element).optional().describe("Repeat-field components"),
      children: z
        .array(z.object({ fixedname: z.string(), label: z.string(), required: z.boolean() }).loose())
        .optional()
        .describe("Name/address sub-fields; filter them by their own label"),
    })
    .loose(),
);

/** v2 detail (`GET /api/v2/forms/{id}`): no `uuid`, with the element tree. */
export const ZV2FormDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submissionsCount: z.number().int(),
  elements: z.array(ZV2Element),
  description: z.string().optional().describe("Shown above the first page; only when the form has one"),
  endings: z
    .array(z.object({ id: z.string(), title: z.string() }).loose())
    .optional()
    .describe("What a respondent sees after finishing: the first whose `showIf` holds; only when the form has endings"),
  settings: ZV2FormSettings.optional().describe(
    "When and how the form takes answers (schedule, cap, one per person, CAPTCHA, embedding, short link); only when it has any",
  ),
});

export function toV2FormDetail(f: Form): z.infer<typeof ZV2FormDetail> {
  const { uuid: _uuid, ...item } = toV2FormListItem(f);
  // The settings' keys only when set: a form without them reads as before.
  const { publishing, ...texts } = f.settings;
  const settings = publicPublishing(publishing);
  return { ...item, elements: f.elements, ...texts, ...(settings ? { settings } : {}) };
}

/** v1 list item (`GET /api/v1/forms`): `id` is the UUID; snake_case. */
export const ZV1Form = z.object({
  id: z.string().describe("Form UUID"),
  name: z.string(),
  created_at: z.string().describe("ISO 8601"),
  updated_at: z.string().describe("ISO 8601"),
  preview_image_url: z
    .string()
    .describe(
      "Absolute URL of a PNG preview of the form (its name and first fields), served without a token; 404 once the form is trashed",
    ),
  slug: z
    .string()
    .describe(
      "The name in lowercase ASCII with hyphens, then `-` and the UUID's first 8 hex digits (e.g. `contact-us-3f2a9c1b`); " +
        "changes only on rename",
    ),
  is_live: z.boolean().describe("Whether the form is published"),
});

export function toV1Form(form: Form): z.infer<typeof ZV1Form> {
  return {
    id: form.uuid,
    name: form.name,
    created_at: form.createdAt.toISOString(),
    updated_at: form.updatedAt.toISOString(),
    preview_image_url: previewImageUrl(form.uuid),
    slug: formSlug(form),
    is_live: form.published,
  };
}

/** Connector form (`GET /connector/forms`): what a platform's form picker lists. */
export const ZConnectorForm = z.object({
  id: z.number().int().describe("Numeric form id"),
  uuid: z.string().describe("Form UUID"),
  name: z.string().describe("Form name"),
  created_at: z.string().describe("ISO 8601"),
});

export function toConnectorForm(f: Pick<Form, "id" | "uuid" | "name" | "createdAt">): z.infer<typeof ZConnectorForm> {
  return { id: f.id, uuid: f.uuid, name: f.name, created_at: f.createdAt.toISOString() };
}

/** A form as the dashboard's lists show it: the v2 list item, its status and its survey link. */
export const ZDashboardForm = ZV2FormListItem.extend({
  published: z.boolean().describe("Published forms accept submissions; others are drafts"),
  url: z.string().describe("The survey page's absolute URL; answers only while published"),
  trashedAt: z.string().nullable().describe("ISO 8601 when the form went to the trash; null while live"),
});

export function toDashboardForm(f: Form): z.infer<typeof ZDashboardForm> {
  return { ...toV2FormListItem(f), published: f.published, url: surveyUrl(f.uuid), trashedAt: f.trashedAt?.toISOString() ?? null };
}
