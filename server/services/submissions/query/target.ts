/*
 * The form a query names (FormTarget): the 400 and 404 that need no lookup, the reference
 * to look it up by, and the check of the form found.
 */
import "server-only";
import type { Form } from "@/db/schema";
import { AppError, MESSAGES } from "@/lib/errors";
import { parseFormRef } from "@/server/services/forms/access";

/**
 * The form, by `form_id` and/or `form_uuid` as `GET /api/v2/submissions` takes them (both
 * given: they must name the same form); `formUuid` also takes a numeric id.
 */
export type FormTarget = { formId?: string | number; formUuid?: string };

export type ResolvedTarget = {
  /** What to look the form up by (UUID or numeric id), within the caller's access. */
  ref: string | number;
  /** The form found, or 404 when `form_id` and `form_uuid` name two forms. */
  check: <F extends Pick<Form, "id" | "uuid">>(form: F) => F;
};

/**
 * `form_id` and/or `form_uuid`: neither → 400 `form_id or form_uuid is required`; a `form_id`
 * that is not a numeric id → 404 (a UUID belongs in form_uuid). When both are given, the form
 * found by `form_id` must be the one `form_uuid` names.
 */
export function resolveTarget({ formId, formUuid }: FormTarget): ResolvedTarget {
  const hasId = formId !== undefined && String(formId).trim() !== "";
  const hasUuid = formUuid !== undefined && formUuid.trim() !== "";
  if (!hasId && !hasUuid) throw new AppError("BAD_REQUEST", MESSAGES.formRequired);
  if (hasId) {
    const ref = parseFormRef(formId!);
    if (!ref || !("id" in ref)) throw new AppError("NOT_FOUND", MESSAGES.formNotFound);
  }
  const check = <F extends Pick<Form, "id" | "uuid">>(form: F) => {
    if (hasId && hasUuid) {
      const ref = parseFormRef(formUuid!);
      const same = ref !== null && ("id" in ref ? ref.id === form.id : ref.uuid === form.uuid.toLowerCase());
      if (!same) throw new AppError("NOT_FOUND", MESSAGES.formNotFound);
    }
    return form;
  };
  return { ref: hasId ? formId! : formUuid!, check };
}
