import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { prefills, uniqueLinks } from "@/db/schema";
import { MESSAGES } from "@/lib/errors";
import type { FormAccess } from "@/server/services/forms/access";
import { deleteFormRows } from "@/server/services/lib/delete-form-rows";

/**
 * Bulk delete (`DELETE /api/v2/forms/{form_uuid}/unique_links`), all or nothing: the links and
 * their linked prefills go in one
 * transaction; when any id is not a link of this form, 422 `{error: 'Unique link IDs not
 * found', notFoundIds}` and nothing is deleted.
 */
export const deleteUniqueLinks = (db: DbOrTx, access: FormAccess, formRef: string, ids: readonly string[]) =>
  deleteFormRows(db, access, formRef, ids, {
    table: uniqueLinks,
    notFound: MESSAGES.uniqueLinkIdsNotFound,
    returning: { prefillId: uniqueLinks.prefillId },
    afterDelete: async (tx, deleted) => {
      const prefillIds = deleted.flatMap((d) => (d.prefillId ? [d.prefillId] : []));
      if (!prefillIds.length) return;
      await tx
        .delete(prefills)
        .where(and(eq(prefills.organizationId, access.organizationId), sql`${prefills.id} = any(${sql.param(prefillIds)}::uuid[])`));
    },
  });
