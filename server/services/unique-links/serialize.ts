import "server-only";
import { z } from "zod";
import type { PrefillValue, UniqueLink } from "@/db/schema";
import { uniqueLinkUrl } from "@/server/urls";
import { LINK_STATES, type UniqueLinkState } from "./state";

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

/** Created-link item of a bulk create (`POST /api/v2/forms/{form_uuid}/unique_links`, and the dashboard's). */
export const ZCreatedUniqueLink = z.object({
  id: z.string(),
  entryName: z.string(),
  url: z.string(),
  expiresAt: z.string().nullable(),
  prefillId: z.string().nullable().describe("null when no prefill_data was given"),
});

export function toCreatedUniqueLink(
  link: Pick<UniqueLink, "id" | "entryName" | "expiresAt" | "prefillId">,
): z.infer<typeof ZCreatedUniqueLink> {
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
  status: z
    .enum(["pending", "in_progress", "completed"])
    .describe("pending until the respondent opens the link, in_progress once opened, completed once submitted"),
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

export const ZLinkState = z
  .enum(LINK_STATES)
  .describe("completed; else inactive (switched off); else expired (by the server's clock); else active");

/** A link as the dashboard lists it: the v2 link and its state (state.ts). */
export const ZDashboardUniqueLink = ZUniqueLink.extend({ state: ZLinkState });

/** The dashboard's link detail: its prefilled values too. */
export const ZDashboardUniqueLinkDetail = ZDashboardUniqueLink.extend({
  prefillData: z.array(z.object({ id: z.string(), value: z.unknown() })).describe("The link's prefilled values; [] without a prefill"),
  submissionId: z.string().nullable().describe("The submission the link produced; null until it is completed (or once it is deleted)"),
});

/** A link with its state, and its prefilled values when they were read (`[]` without a prefill). */
export const toDashboardUniqueLink = (link: SerializableLink & { state: UniqueLinkState; prefillData?: PrefillValue[] | null }) => ({
  ...toUniqueLink(link, link.prefillData),
  state: link.state,
});
