import type { ElementProblem } from "@/lib/forms/definition";

/**
 * Publish problems of one card, by their path below the element (`["options", 0, "value"]`).
 * `sub` narrows to a repeat component's own.
 */
export type CardProblems = { items: { rest: (string | number)[]; reason: string }[]; sub: (prefix: (string | number)[]) => CardProblems };

export function cardProblems(items: CardProblems["items"]): CardProblems {
  return {
    items,
    sub: (prefix) =>
      cardProblems(items.filter((p) => prefix.every((k, i) => p.rest[i] === k)).map((p) => ({ ...p, rest: p.rest.slice(prefix.length) }))),
  };
}

export const NO_PROBLEMS = cardProblems([]);

/**
 * The reasons exactly at `path` (or, with `below`, anywhere under it), joined; what a field
 * shows beside itself. A problem with the item's own key (`label`, `value`, `id`) is named.
 */
export function problemsAt(problems: CardProblems, path: (string | number)[], below = false): string | undefined {
  const found = problems.items.filter((p) => {
    if (!path.every((k, i) => p.rest[i] === k)) return false;
    return below ? p.rest.length >= path.length : p.rest.length === path.length;
  });
  if (!found.length) return undefined;
  return found.map((p) => `${describeRest(p.rest)}${p.reason}`).join(" · ");
}

const KEY_NAMES: Record<string, string> = {
  label: "Label",
  value: "Value",
  id: "Id",
  options: "Options",
  rows: "Rows",
  columns: "Columns",
  components: "Fields in each entry",
  children: "Sub-fields",
};

function describeRest(rest: (string | number)[]): string {
  const last = rest[rest.length - 1];
  if (typeof last === "string" && KEY_NAMES[last]) return `${KEY_NAMES[last]} `;
  return "";
}

/** A top-level problem as the summary lists it: "Question 3 (Favourite colour): Options must not be empty". */
export function summaryText(problem: ElementProblem, label: string): string {
  const rest = problem.path.slice(2);
  const named = describeRest(rest.length ? rest : ["label"]);
  const where = rest.length === 0 ? "" : describeWhere(rest);
  return `${label}: ${where}${rest.length === 0 ? "" : named}${problem.reason}`;
}

function describeWhere(rest: (string | number)[]): string {
  const parts: string[] = [];
  for (let i = 0; i + 1 < rest.length; i += 2) {
    const key = rest[i];
    const index = rest[i + 1];
    if (typeof index !== "number") continue;
    const noun =
      key === "options" ? "option" : key === "rows" ? "row" : key === "columns" ? "column" : key === "components" ? "field" : String(key);
    parts.push(`${noun} ${index + 1}`);
  }
  return parts.length ? `${parts.join(", ")} ` : "";
}
