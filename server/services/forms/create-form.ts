import "server-only";
import type { DbOrTx } from "@/db";
import { forms } from "@/db/schema";
import type { FormAccess } from "./access";

/** A new draft form with no elements, in the caller's organization; the builder fills it. */
export async function createForm(db: DbOrTx, access: FormAccess, input: { name: string }): Promise<{ id: number; uuid: string }> {
  const [form] = await db
    .insert(forms)
    .values({ organizationId: access.organizationId, name: input.name, elements: [], published: false })
    .returning({ id: forms.id, uuid: forms.uuid });
  return form!;
}
