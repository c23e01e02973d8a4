import "server-only";
import { asc } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms } from "@/db/schema";
import { formAccessFilter, type FormAccess } from "./access";

export type FormOption = { id: number; uuid: string; name: string };

/**
 * Every form visible to `access`, by name, for pickers (one row per form, no elements):
 * a picker lists them all, so there is no page.
 */
export function listFormOptions(db: DbOrTx, access: FormAccess): Promise<FormOption[]> {
  return db
    .select({ id: forms.id, uuid: forms.uuid, name: forms.name })
    .from(forms)
    .where(formAccessFilter(access))
    .orderBy(asc(forms.name), asc(forms.id));
}
