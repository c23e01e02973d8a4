import { z } from "zod";
import type { Prefill } from "@/db/schema";
import { prefillUrl } from "../../urls";

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
