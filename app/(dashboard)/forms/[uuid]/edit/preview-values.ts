import type { FormElement } from "@/db/schema";

/**
 * What an entered value means: the element's type and whatever its answers are made of
 * (option values, matrix rows and columns, name/address parts, the phone's country selector,
 * the longest answer). A label, a "required" or a description does not change it; renaming an
 * option does (its value follows its label).
 */
function answerShape(e: FormElement): string {
  return JSON.stringify([
    e.type,
    e.options?.map((o) => o.value),
    e.rows?.map((r) => r.id),
    e.columns?.map((c) => [c.id, c.value]),
    e.children?.map((c) => c.fixedname),
    e.countrySelector === true,
    e.maxLength,
  ]);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The builder's preview after an edit: the values the author entered into the previous
 * preview (`values`, drawn from `before`) that still fit the edited tree (`next`). A value
 * stays when its element (or repeat component) is still there and takes the same answer;
 * an element that is gone, changed type or changed its options starts empty again.
 */
export function keptPreviewValues(
  before: readonly FormElement[],
  values: Record<string, unknown>,
  next: readonly FormElement[],
): Record<string, unknown> {
  const old = new Map(before.map((e) => [e.id, e]));
  const kept: Record<string, unknown> = {};
  for (const element of next) {
    const was = old.get(element.id);
    const value = values[element.id];
    if (!was || value === undefined || answerShape(was) !== answerShape(element)) continue;
    if (element.type === "repeat-field") {
      // Rows stay; in each, the components that are still there and take the same answer.
      if (!Array.isArray(value)) continue;
      kept[element.id] = value.map((row) => (isRecord(row) ? keptPreviewValues(was.components ?? [], row, element.components ?? []) : {}));
    } else {
      kept[element.id] = value;
    }
  }
  return kept;
}
