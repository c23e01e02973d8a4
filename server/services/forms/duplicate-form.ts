import "server-only";
import type { DbOrTx } from "@/db";
import { forms } from "@/db/schema";
import { getAccessibleFormOrThrow, type FormAccess } from "./access";
import { copyName } from "@/lib/forms/form-rules";
import type { FormSettings } from "@/db/schema";

/** A short link belongs to one form: the copy gets none. */
function withoutSlug(settings: FormSettings): FormSettings {
  if (!settings.publishing?.slug) return settings;
  const { slug: _slug, ...publishing } = settings.publishing;
  return { ...settings, publishing };
}

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
      settings: withoutSlug(source.settings),
      published: false,
    })
    .returning({ id: forms.id, uuid: forms.uuid, name: forms.name });
  return copy!;
}
