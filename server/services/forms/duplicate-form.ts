import "server-only";
import type { DbOrTx } from "@/db";
import { forms } from "@/db/schema";
import { getAccessibleFormOrThrow, type FormAccess } from "./access";
import { copyName } from "@/lib/forms/form-rules";

/**
 * A new draft with a live form's elements and "Copy of <name>". Only the definition is
 * copied: submissions, prefills, unique links, webhooks and tokens stay with the original.
 */
export async function duplicateForm(db: DbOrTx, access: FormAccess, ref: string): Promise<{ id: number; uuid: string; name: string }> {
  const source = await getAccessibleFormOrThrow(db, access, ref);
  const [copy] = await db
    .insert(forms)
    .values({
      organizationId: source.organizationId,
      name: copyName(source.name),
      elements: source.elements,
      settings: source.settings,
      published: false,
    })
    .returning({ id: forms.id, uuid: forms.uuid, name: forms.name });
  return copy!;
}
