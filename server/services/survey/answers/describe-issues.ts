import "server-only";
import type { FormElement } from "@/db/schema";
import { formatPath } from "@/lib/values/input-paths";
import type { AnswerIssue } from "@/lib/answers/validate-answers";

/** One entry of a 422 `errors` list: the top-level element id and a sentence. */
export type SubmissionError = { field: string; message: string };

/**
 * Issues as the JSON endpoint lists them. A problem inside an element (a sub-field, a matrix
 * row, a repeat-field row) names where, by label: `First name: This field is required`,
 * `Row 2, Email: Enter an email address like name@example.com`. Shape messages already say
 * where (`satisfaction has unknown row id …`) and are kept as they are.
 */
export function describeIssues(elements: readonly FormElement[], issues: readonly AnswerIssue[]): SubmissionError[] {
  const byId = new Map(elements.map((e) => [e.id, e] as const));
  return issues.map(({ path, message }) => {
    const field = path.length ? String(path[0]) : "";
    if (path.length <= 1 || message.startsWith(formatPath(path.slice(0, 1)))) return { field, message };
    const where = locate(byId.get(field), path.slice(1));
    return { field, message: where ? `${where}: ${message}` : message };
  });
}

function locate(element: FormElement | undefined, rest: readonly (string | number)[]): string {
  if (!element || rest.length === 0) return "";
  const [head, ...tail] = rest;
  if (typeof head === "number") {
    const component = element.components?.find((c) => c.id === tail[0]);
    const inner = component ? [component.label || component.id, locate(component, tail.slice(1))].filter(Boolean).join(", ") : "";
    return [`Row ${head + 1}`, inner].filter(Boolean).join(", ");
  }
  const child = element.children?.find((c) => c.fixedname === head);
  if (child) return child.label || child.fixedname;
  const row = element.rows?.find((r) => r.id === head);
  if (row) return row.label || row.id;
  return String(head);
}
