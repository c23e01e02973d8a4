import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms } from "@/db/schema";
import { UUID_RE } from "@/lib/values/ids";

/** Field labels shown on a preview image; the rest are counted. */
const PREVIEW_FIELDS = 5;

export type FormPreview = {
  name: string;
  /** Labels of the first top-level fields, in order. */
  labels: string[];
  /** Fields not listed in `labels`. */
  moreFields: number;
  /** Changes whenever the form does: the image's ETag. */
  version: string;
};

/**
 * What the preview image of a form shows (`preview_image_url` of `GET /api/v1/forms`). Looked up by UUID
 * alone, without a tenant: the image is public like the form's survey page, the UUID is
 * unguessable, and it shows only the name and field labels — what a respondent sees.
 * So only a published form has one: unpublished and trashed forms are null, like unknown ones.
 */
export async function findFormPreview(db: DbOrTx, formUuid: string): Promise<FormPreview | null> {
  if (!UUID_RE.test(formUuid)) return null;
  const [form] = await db
    .select({ uuid: forms.uuid, name: forms.name, elements: forms.elements, updatedAt: forms.updatedAt })
    .from(forms)
    .where(and(eq(forms.uuid, formUuid.toLowerCase()), eq(forms.published, true), isNull(forms.trashedAt)))
    .limit(1);
  if (!form) return null;
  const labels = form.elements.map((e) => (typeof e?.label === "string" ? e.label.trim() : "")).filter(Boolean);
  return {
    name: form.name,
    labels: labels.slice(0, PREVIEW_FIELDS),
    moreFields: Math.max(0, labels.length - PREVIEW_FIELDS),
    version: `${form.uuid}-${form.updatedAt.getTime()}`,
  };
}
