import "server-only";
import { count, desc, getTableColumns } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms, type Form } from "@/db/schema";
import { PAGE_SIZE, pageOffset } from "@/server/services/lib/pagination";
import { submissionsCountSql } from "@/server/services/submissions/submission-count";
import { formAccessFilter, type FormAccess } from "./access";

/** Forms visible to `access`, newest first, 20 a page; a page past the end is empty. */
export async function listForms(db: DbOrTx, access: FormAccess, page: number): Promise<{ forms: Form[]; totalCount: number }> {
  const where = formAccessFilter(access);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(forms), submissionsCount: submissionsCountSql })
      .from(forms)
      .where(where)
      .orderBy(desc(forms.createdAt), desc(forms.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(forms).where(where),
  ]);
  return { forms: rows, totalCount: total?.n ?? 0 };
}
