import type { PrefillValue, UniqueLink } from "@/db/schema";
import { uniqueLinkUrl } from "@/server/services/prefills/urls";

export type SerializableLink = Pick<
  UniqueLink,
  "id" | "entryName" | "status" | "active" | "expiresAt" | "prefillId" | "createdAt" | "updatedAt"
>;

/** Unique link (spec §2.7); `prefillData` only when asked for (`[]` when the link has no prefill). */
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

/** Created-link item of a bulk create (spec §2.7). */
export function toCreatedUniqueLink(link: Pick<UniqueLink, "id" | "entryName" | "expiresAt" | "prefillId">) {
  return {
    id: link.id,
    entryName: link.entryName,
    url: uniqueLinkUrl(link.id),
    expiresAt: link.expiresAt?.toISOString() ?? null,
    prefillId: link.prefillId,
  };
}
