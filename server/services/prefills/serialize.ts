import "server-only";
import { z } from "zod";
import type { Prefill } from "@/db/schema";
import { prefillUrl } from "@/server/urls";

/**
 * Prefill list item (`GET /api/v2/forms/{form_uuid}/prefills`); `forUniqueLink` is an extra that
 * says which ones belong to a link.
 */
export function toPrefillListItem(p: Pick<Prefill, "id" | "name" | "createdAt" | "forUniqueLink">, formUuid: string) {
  return {
    id: p.id,
    name: p.name,
    url: prefillUrl(formUuid, p.id),
    createdAt: p.createdAt.toISOString(),
    forUniqueLink: p.forUniqueLink,
  };
}

/** Prefill detail: the list item plus `data: [{id, value}]` as it was given. */
export function toPrefillDetail(p: Pick<Prefill, "id" | "name" | "createdAt" | "forUniqueLink" | "data">, formUuid: string) {
  return { ...toPrefillListItem(p, formUuid), data: p.data };
}

export const ZPrefillListItem = z.object({
  id: z.string().describe("Prefill UUID"),
  name: z.string(),
  url: z.string().describe("Survey URL: `{base_url}/f/<form_uuid>?_prefill=<id>`"),
  createdAt: z.string().describe("ISO 8601"),
  forUniqueLink: z.boolean().describe("True when the prefill belongs to a unique link (extra field)"),
});

export const ZPrefillDetail = ZPrefillListItem.extend({
  data: z
    .array(z.object({ id: z.string().describe("Element id"), value: z.unknown().describe("As given when created") }))
    .describe("The prefill's values, as they were given"),
});

/** A prefill of a bulk create (`POST /api/v2/forms/{form_uuid}/prefills`). */
export const ZCreatedPrefill = z.object({
  prefillId: z.string().describe("UUID of the new prefill"),
  url: z.string().describe("Survey URL with `_prefill`"),
  name: z.string(),
});

export const toCreatedPrefill = (p: Pick<Prefill, "id" | "name">, formUuid: string): z.infer<typeof ZCreatedPrefill> => ({
  prefillId: p.id,
  url: prefillUrl(formUuid, p.id),
  name: p.name,
});

/** The prefill the dashboard's editor created: the same facts, named as the dashboard names ids. */
export const ZDashboardCreatedPrefill = z.object({
  id: z.string().describe("UUID of the new prefill"),
  name: z.string(),
  url: z.string().describe("Survey URL with `_prefill`"),
});

export const toDashboardCreatedPrefill = (p: Pick<Prefill, "id" | "name">, formUuid: string): z.infer<typeof ZDashboardCreatedPrefill> => ({
  id: p.id,
  name: p.name,
  url: prefillUrl(formUuid, p.id),
});
