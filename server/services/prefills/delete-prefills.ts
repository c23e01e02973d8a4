import "server-only";
import type { DbOrTx } from "@/db";
import { prefills } from "@/db/schema";
import { MESSAGES } from "@/lib/errors";
import type { FormAccess } from "@/server/services/forms/access";
import { deleteFormRows } from "@/server/services/lib/delete-form-rows";

/**
 * Bulk delete (`DELETE /api/v2/forms/{form_uuid}/prefills`), all or nothing: when any id is not
 * a prefill of this form, 422
 * `{error: 'Prefill IDs not found', notFoundIds}` and the transaction rolls back. A prefill
 * that belongs to a unique link may be deleted too; the link then has no prefill.
 */
export const deletePrefills = (db: DbOrTx, access: FormAccess, formRef: string, ids: readonly string[]) =>
  deleteFormRows(db, access, formRef, ids, { table: prefills, notFound: MESSAGES.prefillIdsNotFound });
