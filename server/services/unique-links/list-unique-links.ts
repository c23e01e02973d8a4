import "server-only";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { prefills, uniqueLinks, type Form } from "@/db/schema";
import { inForm } from "@/server/services/lib/bulk-sql";
import { getAccessibleFormOrThrow, type FormAccess } from "@/server/services/forms/access";
import { PAGE_SIZE, pageOffset } from "@/server/services/lib/pagination";
import { containsText } from "@/server/services/lib/search";
import { linkSelection, type LinkRow } from "./get-unique-link";
import { linkStateColumn, linkStateFilter, type UniqueLinkState } from "./state";

export type ListUniqueLinksParams = {
  page: number;
  /** Case-insensitive partial match on entry_name. */
  entryName?: string;
  includePrefillData?: boolean;
  /** Only links in this state (state.ts). */
  state?: UniqueLinkState;
};

/** Unique links of a form visible to `access`, newest first, 20 a page, each with its state; `total` counts the matches. */
export async function listUniqueLinks(
  db: DbOrTx,
  access: FormAccess,
  formRef: string,
  params: ListUniqueLinksParams,
): Promise<{ form: Form; links: (LinkRow & { state: UniqueLinkState })[]; total: number }> {
  const form = await getAccessibleFormOrThrow(db, access, formRef);
  const conds: SQL[] = [inForm(uniqueLinks, access, form.id)];
  if (params.entryName) conds.push(containsText(uniqueLinks.entryName, params.entryName));
  if (params.state) conds.push(linkStateFilter(params.state));
  const where = and(...conds);
  const include = params.includePrefillData ?? false;
  // Every row carries its state (state.ts), by the database's clock.
  const query = db.select({ ...linkSelection(include), state: linkStateColumn }).from(uniqueLinks);
  const [rows, [total]] = await Promise.all([
    (include ? query.leftJoin(prefills, eq(prefills.id, uniqueLinks.prefillId)) : query)
      .where(where)
      .orderBy(desc(uniqueLinks.seq))
      .limit(PAGE_SIZE)
      .offset(pageOffset(params.page)),
    db.select({ n: count() }).from(uniqueLinks).where(where),
  ]);
  return { form, links: rows as (LinkRow & { state: UniqueLinkState })[], total: total?.n ?? 0 };
}
