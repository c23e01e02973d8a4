import type { SurveyElement } from "@/lib/survey/survey-elements";

/**
 * For the error summary: what an error's field name (`colleagues[1].colleague_email`) is
 * called on the page, and the id of the control a summary link moves focus to. Ids follow
 * Conform's scheme (`<form id>-<name>`, a choice's option `<…>-<value>`) as the fields use it.
 */
export type FieldTarget = { label: string; controlId: string | null };

const SEGMENT = /([^.[\]]+)|\[(\d+)\]/g;

function segments(name: string): (string | number)[] {
  return [...name.matchAll(SEGMENT)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]!));
}

export function fieldTarget(formId: string, elements: readonly SurveyElement[], name: string): FieldTarget {
  const path = segments(name);
  const element = elements.find((e) => e.id === path[0]);
  if (!element) return { label: "", controlId: null };
  return locate(formId, element, path.slice(1), element.label || element.id, String(path[0]));
}

function locate(formId: string, element: SurveyElement, rest: (string | number)[], label: string, name: string): FieldTarget {
  const [head, ...tail] = rest;
  if (element.type === "repeat-field") {
    const row = typeof head === "number" ? head : 0;
    const component = typeof tail[0] === "string" ? element.components?.find((c) => c.id === tail[0]) : element.components?.[0];
    if (!component) return { label, controlId: null };
    const rowLabel = `${label} ${row + 1}`;
    return locate(
      formId,
      component,
      tail.slice(1),
      typeof head === "number" ? `${rowLabel}, ${component.label}` : label,
      `${name}[${row}].${component.id}`,
    );
  }
  if (element.type === "name" || element.type === "address") {
    const child = element.children?.find((c) => c.fixedname === head) ?? element.children?.[0];
    if (!child) return { label, controlId: null };
    return { label: head === undefined ? label : child.label, controlId: `${formId}-${name}.${child.fixedname}` };
  }
  if (element.type === "matrix") {
    const row = element.rows?.find((r) => r.id === head) ?? element.rows?.[0];
    const column = element.columns?.[0];
    if (!row || !column) return { label, controlId: null };
    return { label: head === undefined ? label : `${label}, ${row.label}`, controlId: `${formId}-${name}.${row.id}-${column.id}` };
  }
  if (element.type === "phone" && element.countrySelector) return { label, controlId: `${formId}-${name}.number` };
  if (element.type === "ranking") return { label, controlId: `${formId}-${name}-down-0` };
  if (element.options && element.type !== "dropdown") {
    const first = element.options[0];
    return { label, controlId: first ? `${formId}-${name}-${first.value}` : null };
  }
  return { label, controlId: `${formId}-${name}` };
}
