import type { Form } from "@/db/schema";

/** v2 list item (spec §2.1). */
export function toV2FormListItem(f: Form) {
  return {
    id: f.id,
    uuid: f.uuid,
    name: f.name,
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
    submissionsCount: f.submissionsCount,
  };
}

/** v2 detail (spec §2.2): no `uuid`, with the element tree. */
export function toV2FormDetail(f: Form) {
  return {
    id: f.id,
    name: f.name,
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
    submissionsCount: f.submissionsCount,
    elements: f.elements,
  };
}
