import "server-only";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { prefills, type Form, type Prefill } from "@/db/schema";
import { inForm } from "@/server/services/lib/bulk-sql";
import { getAccessibleFormOrThrow, type FormAccess } from "@/server/services/forms/access";
import { PAGE_SIZE, pageOffset } from "@/server/services/lib/pagination";
import { containsText } from "@/server/services/lib/search";

export type ListPrefillsParams = {
  page: number;
  /** Case-insensitive partial match on the name. */
  name?: string;
  /** Also list prefills that belong to unique links (hidden by default). */
  includeUniqueLinkPrefills?: boolean;
};

export type ListedPrefill = Pick<Prefill, "id" | "name" | "createdAt" | "forUniqueLink">;

/** Prefills of a form visible to `access`, newest first, 20 a page; `total` counts the matches. */
export async function listPrefills(
  db: DbOrTx,
  access: FormAccess,
  formRef: string,
  params: ListPrefillsParams,
): Promise<{ form: Form; prefills: ListedPrefill[]; total: number }> {
  const form = await getAccessibleFormOrThrow(db, access, formRef);
  const conds: SQL[] = [inForm(prefills, access, form.id)];
  if (!params.includeUniqueLinkPrefills) conds.push(eq(prefills.forUniqueLink, false));
  if (params.name) conds.push(containsText(prefills.name, params.name));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: prefills.id, name: prefills.name, createdAt: prefills.createdAt, forUniqueLink: prefills.forUniqueLink })
      .from(prefills)
      .where(where)
      .orderBy(desc(prefills.seq))
      .limit(PAGE_SIZE)
      .offset(pageOffset(params.page)),
    db.select({ n: count() }).from(prefills).where(where),
  ]);
  return { form, prefills: rows, total: total?.n ?? 0 };
}
