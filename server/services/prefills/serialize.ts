import type { Prefill } from "@/db/schema";
import { prefillUrl } from "./urls";

/** Prefill list item (spec §2.6); `forUniqueLink` is an extra that says which ones belong to a link. */
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
