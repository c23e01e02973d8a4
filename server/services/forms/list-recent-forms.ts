import "server-only";
import { desc } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms, type Form } from "@/db/schema";
import { formAccessFilter, type FormAccess } from "./access";

/**
 * Forms visible to `access`, most recently updated first (the connector's form picker), `limit`
 * a page; a page past the end is empty. Trashed forms are never listed.
 */
export async function listRecentForms(
  db: DbOrTx,
  access: FormAccess,
  { limit, page }: { limit: number; page: number },
): Promise<Pick<Form, "id" | "uuid" | "name" | "createdAt">[]> {
  return db
    .select({ id: forms.id, uuid: forms.uuid, name: forms.name, createdAt: forms.createdAt })
    .from(forms)
    .where(formAccessFilter(access))
    .orderBy(desc(forms.updatedAt), desc(forms.id))
    .limit(limit)
    .offset((page - 1) * limit);
}
