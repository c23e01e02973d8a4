import "server-only";
import { and } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/db";
import { assertAllFound, distinctIds } from "@/lib/values/bulk";
import { idIn, inForm } from "@/server/services/lib/bulk-sql";
import { getAccessibleFormOrThrow, type FormAccess } from "@/server/services/forms/access";

type FormRowsTable = PgTable & { id: AnyPgColumn; organizationId: AnyPgColumn; formId: AnyPgColumn };

/** What a bulk delete of one form's rows removes, and how it answers ids that are not among them. */
export type FormRowsDeletion<Extra extends Record<string, AnyPgColumn>> = {
  table: FormRowsTable;
  /** The 422's `error` when some ids are not rows of the form. */
  notFound: string;
  /** Columns of the deleted rows that `afterDelete` needs. */
  returning?: Extra;
  /** Runs in the same transaction once every id was found. */
  afterDelete?: (tx: DbOrTx, deleted: { [K in keyof Extra]: Extra[K]["_"]["data"] | null }[]) => Promise<void>;
};

/**
 * Bulk delete of a form's rows (`DELETE /api/v2/forms/{form_uuid}/prefills` and `…/unique_links`), all or nothing: when
 * any id is not a row of this form, 422 `{error, notFoundIds}` and the transaction rolls back.
 */
export async function deleteFormRows<Extra extends Record<string, AnyPgColumn> = Record<never, AnyPgColumn>>(
  db: DbOrTx,
  access: FormAccess,
  formRef: string,
  ids: readonly string[],
  { table, notFound, returning, afterDelete }: FormRowsDeletion<Extra>,
): Promise<{ deleted: number }> {
  const form = await getAccessibleFormOrThrow(db, access, formRef);
  const requested = distinctIds(ids);
  return db.transaction(async (tx) => {
    const deleted = (await tx
      .delete(table)
      .where(and(inForm(table, access, form.id), idIn(table.id, requested)))
      .returning({ ...returning, id: table.id })) as ({ id: string } & Record<string, unknown>)[];
    assertAllFound(
      requested,
      deleted.map((d) => d.id),
      notFound,
    );
    await afterDelete?.(tx, deleted as Parameters<NonNullable<typeof afterDelete>>[1]);
    return { deleted: deleted.length };
  });
}
