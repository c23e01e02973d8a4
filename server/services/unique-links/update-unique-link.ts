import "server-only";
import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "@/db";
import { prefills, uniqueLinks, type UniqueLink } from "@/db/schema";
import { getAccessibleFormOrThrow, type FormAccess } from "@/server/services/forms/access";
import { createPrefillDataValidator } from "@/server/services/prefills/prefill-data";
import { withEntryNameCheck } from "./entry-name";
import { linkFilter, linkSelection, uniqueLinkNotFound, type LinkRow } from "./get-unique-link";

/**
 * Fields a PATCH may change (`PATCH /api/v2/forms/{form_uuid}/unique_links/{id}`); absent ones
 * stay. `status` is never among them.
 */
export type UniqueLinkPatch = {
  entryName?: string;
  /** null removes the expiry. */
  expiresAt?: Date | null;
  active?: boolean;
  /** Replaces the linked prefill's data, or creates and links a prefill. */
  prefillData?: readonly unknown[];
};

/**
 * Applies a PATCH in one transaction with the link row locked, so concurrent PATCHes of
 * one link cannot both create a prefill for it. The prefill data is validated before the
 * transaction starts; an entry_name clash is 422 and changes nothing.
 */
export async function updateUniqueLink(
  db: DbOrTx,
  access: FormAccess,
  formRef: string,
  id: string,
  patch: UniqueLinkPatch,
): Promise<LinkRow> {
  const form = await getAccessibleFormOrThrow(db, access, formRef);
  const where = linkFilter(access.organizationId, form.id, id);
  if (!where) throw uniqueLinkNotFound();
  const validated = patch.prefillData ? createPrefillDataValidator(form.elements)(patch.prefillData) : undefined;

  return withEntryNameCheck(() =>
    db.transaction(async (tx) => {
      const [link] = await tx.select(linkSelection(false)).from(uniqueLinks).where(where).for("update").limit(1);
      if (!link) throw uniqueLinkNotFound();

      const changes: Partial<UniqueLink> = {};
      if (patch.entryName !== undefined) changes.entryName = patch.entryName;
      if (patch.expiresAt !== undefined) changes.expiresAt = patch.expiresAt;
      if (patch.active !== undefined) changes.active = patch.active;
      const name = patch.entryName ?? link.entryName;

      if (validated && link.prefillId) {
        await tx
          .update(prefills)
          .set({ data: validated.data, resolved: validated.resolved, name })
          .where(and(eq(prefills.id, link.prefillId), eq(prefills.organizationId, access.organizationId)));
      } else if (validated) {
        changes.prefillId = randomUUID();
        await tx.insert(prefills).values({
          id: changes.prefillId,
          formId: form.id,
          organizationId: access.organizationId,
          name,
          data: validated.data,
          resolved: validated.resolved,
          forUniqueLink: true,
        });
      } else if (patch.entryName !== undefined && link.prefillId) {
        // The link's own prefill carries its entry name.
        await tx
          .update(prefills)
          .set({ name })
          .where(
            and(eq(prefills.id, link.prefillId), eq(prefills.organizationId, access.organizationId), eq(prefills.forUniqueLink, true)),
          );
      }

      if (Object.keys(changes).length === 0 && !validated) return link as LinkRow;
      const [updated] = await tx
        .update(uniqueLinks)
        .set({ ...changes, updatedAt: new Date() })
        .where(where)
        .returning(linkSelection(false));
      return updated as LinkRow;
    }),
  );
}
