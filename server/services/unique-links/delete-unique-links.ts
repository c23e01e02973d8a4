import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { prefills, uniqueLinks } from "@/db/schema";
import { MESSAGES } from "@/lib/errors";
import { assertAllFound, distinctIds } from "@/lib/values/bulk";
import { idIn, inForm } from "@/server/services/lib/bulk-sql";
import { getAccessibleFormOrThrow, type FormAccess } from "@/server/services/forms/access";

/**
 * Bulk delete (`DELETE /api/v2/forms/{form_uuid}/unique_links`), all or nothing: the links and
 * their linked prefills go in one
 * transaction; when any id is not a link of this form, 422 `{error: 'Unique link IDs not
 * found', notFoundIds}` and nothing is deleted.
 */
export async function deleteUniqueLinks(
  db: DbOrTx,
  access: FormAccess,
  formRef: string,
  ids: readonly string[],
): Promise<{ deleted: number }> {
  const form = await getAccessibleFormOrThrow(db, access, formRef);
  const requested = distinctIds(ids);
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(uniqueLinks)
      .where(and(inForm(uniqueLinks, access, form.id), idIn(uniqueLinks.id, requested)))
      .returning({ id: uniqueLinks.id, prefillId: uniqueLinks.prefillId });
    assertAllFound(
      requested,
      deleted.map((d) => d.id),
      MESSAGES.uniqueLinkIdsNotFound,
    );
    const prefillIds = deleted.flatMap((d) => (d.prefillId ? [d.prefillId] : []));
    if (prefillIds.length) {
      await tx
        .delete(prefills)
        .where(and(eq(prefills.organizationId, access.organizationId), sql`${prefills.id} = any(${sql.param(prefillIds)}::uuid[])`));
    }
    return { deleted: deleted.length };
  });
}
