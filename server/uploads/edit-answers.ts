import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { submissions, type FormElement } from "@/db/schema";
import { isFileUpload } from "@/lib/forms/element-types";
import { isJsonObject } from "@/lib/values/json";

/**
 * Editing a submission's answers (`PATCH /api/v2/submissions/{id}`, the dashboard) keeps its
 * files as they are: files come only from the respondent's post, so whatever the edit says of
 * a file-upload field (its links as shown, or nothing) is replaced by the files stored.
 */
export async function withStoredFiles(
  tx: DbOrTx,
  form: { id: number; organizationId: number; elements: readonly FormElement[] },
  submissionId: string,
  data: unknown,
): Promise<unknown> {
  const fileFields = form.elements.filter((e) => isFileUpload(e.type));
  if (!fileFields.length || !isJsonObject(data)) return data;
  const [row] = await tx
    .select({ data: submissions.data })
    .from(submissions)
    .where(and(eq(submissions.id, submissionId), eq(submissions.organizationId, form.organizationId)));
  const out = { ...data };
  for (const { id } of fileFields) {
    const stored = row?.data[id];
    if (stored === undefined) delete out[id];
    else out[id] = stored;
  }
  return out;
}
