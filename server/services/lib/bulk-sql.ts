import "server-only";
import { and, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { FormAccess } from "@/server/services/forms/access";
import { queryableIds } from "@/lib/values/bulk";

/** SQL filters of bulk operations on a form's rows; the id rules themselves are bulk.ts's, shared with the browser. */

type FormOwnedTable = { organizationId: AnyColumn; formId: AnyColumn };

/** The tenant and form filter of a table whose rows belong to one form (prefills, links, …). */
export const inForm = (table: FormOwnedTable, access: FormAccess, formId: number): SQL =>
  and(eq(table.organizationId, access.organizationId), eq(table.formId, formId))!;

/** `id` is one of `ids`; text that is not a UUID never reaches the uuid column. */
export const idIn = (id: AnyColumn, ids: readonly string[]): SQL => sql`${id} = any(${sql.param(queryableIds(ids))}::uuid[])`;
