import "server-only";
import { count, desc, getTableColumns } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms, type Form } from "@/db/schema";
import { PAGE_SIZE, pageOffset } from "@/server/services/lib/pagination";
import { submissionsCountSql } from "@/server/services/submissions/submission-count";
import { trashedFormsFilter, type FormAccess } from "./access";

/** The trash of `access`: most recently trashed first, 20 a page. */
export async function listTrashedForms(db: DbOrTx, access: FormAccess, page: number): Promise<{ forms: Form[]; totalCount: number }> {
  const where = trashedFormsFilter(access);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(forms), submissionsCount: submissionsCountSql })
      .from(forms)
      .where(where)
      .orderBy(desc(forms.trashedAt), desc(forms.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(forms).where(where),
  ]);
  return { forms: rows, totalCount: total?.n ?? 0 };
}
