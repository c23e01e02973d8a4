import { z } from "zod";
import type { PrefillValue, UniqueLink } from "@/db/schema";
import { uniqueLinkUrl } from "@/server/urls";

export type SerializableLink = Pick<
  UniqueLink,
  "id" | "entryName" | "status" | "active" | "expiresAt" | "prefillId" | "createdAt" | "updatedAt"
>;

/**
 * Unique link (`GET /api/v2/forms/{form_uuid}/unique_links/{id}`); `prefillData` only when asked
 * for (`[]` when the link has no prefill).
 */
export function toUniqueLink(link: SerializableLink, prefillData?: PrefillValue[] | null) {
  return {
    id: link.id,
    entryName: link.entryName,
    status: link.status,
    active: link.active,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    url: uniqueLinkUrl(link.id),
    prefillId: link.prefillId,
    createdAt: link.createdAt.toISOString(),
    updatedAt: link.updatedAt.toISOString(),
    ...(prefillData !== undefined ? { prefillData: prefillData ?? [] } : {}),
  };
}

/** Created-link item of a bulk create (`POST /api/v2/forms/{form_uuid}/unique_links`). */
export function toCreatedUniqueLink(link: Pick<UniqueLink, "id" | "entryName" | "expiresAt" | "prefillId">) {
  return {
    id: link.id,
    entryName: link.entryName,
    url: uniqueLinkUrl(link.id),
    expiresAt: link.expiresAt?.toISOString() ?? null,
    prefillId: link.prefillId,
  };
}

export const ZUniqueLink = z.object({
  id: z.string().describe("Unique link UUID"),
  entryName: z.string().describe("Recipient / entry name, unique per form"),
  status: z.enum(["pending", "in_progress", "completed"]).describe("pending until the respondent opens the link, in_progress once opened, completed once submitted"),
  active: z.boolean(),
  expiresAt: z.string().nullable().describe("ISO 8601, or null for no expiry"),
  url: z.string().describe("Survey URL: `{base_url}/u/<id>`"),
  prefillId: z.string().nullable().describe("UUID of the linked prefill"),
  createdAt: z.string(),
  updatedAt: z.string().describe("Extra field: last change"),
  prefillData: z
    .array(z.object({ id: z.string(), value: z.unknown() }))
    .optional()
    .describe("Only with include_prefill_data=true; [] when the link has no prefill"),
});
