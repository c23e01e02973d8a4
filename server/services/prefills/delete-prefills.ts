import "server-only";
import { and } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { prefills } from "@/db/schema";
import { MESSAGES } from "@/lib/errors";
import { assertAllFound, distinctIds } from "@/lib/values/bulk";
import { idIn, inForm } from "@/server/services/lib/bulk-sql";
import { getAccessibleFormOrThrow, type FormAccess } from "@/server/services/forms/access";

/**
 * Bulk delete (`DELETE /api/v2/forms/{form_uuid}/prefills`), all or nothing: when any id is not
 * a prefill of this form, 422
 * `{error: 'Prefill IDs not found', notFoundIds}` and the transaction rolls back. A prefill
 * that belongs to a unique link may be deleted too; the link then has no prefill.
 */
export async function deletePrefills(
  db: DbOrTx,
  access: FormAccess,
  formRef: string,
  ids: readonly string[],
): Promise<{ deleted: number }> {
  const form = await getAccessibleFormOrThrow(db, access, formRef);
  const requested = distinctIds(ids);
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(prefills)
      .where(and(inForm(prefills, access, form.id), idIn(prefills.id, requested)))
      .returning({ id: prefills.id });
    assertAllFound(
      requested,
      deleted.map((d) => d.id),
      MESSAGES.prefillIdsNotFound,
    );
    return { deleted: deleted.length };
  });
}
