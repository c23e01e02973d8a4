import "server-only";
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "@/db";
import { prefills, type Form, type NewPrefill } from "@/db/schema";
import { getAccessibleFormOrThrow, type FormAccess } from "@/server/services/forms/access";
import { checkBulkItem } from "@/lib/values/bulk";
import { createPrefillDataValidator } from "./prefill-data";

export type NewPrefillItem = { name: string; prefillData: readonly unknown[] };

/**
 * Bulk create (`POST /api/v2/forms/{form_uuid}/prefills`): every item is validated against the
 * form's elements first, then
 * all rows go in with one INSERT — one bad item rejects the request and writes nothing.
 */
export async function createPrefills(
  db: DbOrTx,
  access: FormAccess,
  formRef: string,
  items: readonly NewPrefillItem[],
): Promise<{ form: Form; created: { id: string; name: string }[] }> {
  const form = await getAccessibleFormOrThrow(db, access, formRef);
  const validate = createPrefillDataValidator(form.elements);
  const rows: (NewPrefill & { id: string })[] = items.map((item, i) => {
    const { data, resolved } = checkBulkItem(`prefills[${i}]`, () => validate(item.prefillData));
    return { id: randomUUID(), formId: form.id, organizationId: access.organizationId, name: item.name, data, resolved };
  });
  if (rows.length) await db.insert(prefills).values(rows);
  return { form, created: rows.map((r) => ({ id: r.id, name: r.name })) };
}
