import type { ChoiceOption, FormElement } from "@/db/schema";
import { elementCategory, isLayoutType } from "@/lib/forms/element-types";

/**
 * What a field's stored value looks like (the v2 shape: ZV2Submission's `data`), which decides how filters read it:
 * - `scalar`: a string or number (text-like elements, name/address sub-fields)
 * - `choice`: option value(s) — a string for single choice, an array for multi-select; both
 *   shapes are handled for every choice type
 * - `structured`: matrix `{row: {col: v}}` or repeat-field `[{component: v}]`; only
 *   is_empty / is_filled apply
 */
export type ValueKind = "scalar" | "choice" | "structured";

/**
 * Where the value sits in `submissions.data`:
 * - `element`: `data[elementId]`
 * - `subfield`: `data[elementId][fixedname]` (name/address sub-field)
 * - `component`: `data[elementId][i][componentId]` for any row i (repeat-field component)
 */
export type FieldLocation = { at: "element" } | { at: "subfield"; fixedname: string } | { at: "component"; componentId: string };

/** How ordered comparisons (>, <, ranges) treat the values of a field. */
export type CompareAs = "number" | "date" | "infer";

export type FilterField = {
  /** The top-level element holding the value. */
  elementId: string;
  location: FieldLocation;
  label: string;
  /** Type of the element (sub-field: its name/address element; component: the component). */
  elementType: string;
  kind: ValueKind;
  compareAs: CompareAs;
  options?: ChoiceOption[];
};

/** Category by the shared type list; shape-based for a type this service does not know. */
function categoryOf(el: FormElement) {
  return (
    elementCategory(el.type) ??
    (Array.isArray(el.children) && el.children.length
      ? "composite"
      : Array.isArray(el.rows)
        ? "matrix"
        : Array.isArray(el.components)
          ? "repeat"
          : Array.isArray(el.options)
            ? "single-choice"
            : "text")
  );
}

function valueField(el: FormElement, elementId: string, location: FieldLocation): FilterField | null {
  const category = categoryOf(el);
  if (category === "composite") return null;
  const kind: ValueKind =
    category === "single-choice" || category === "multi-choice" ? "choice" : category === "text" ? "scalar" : "structured";
  return {
    elementId,
    location,
    label: el.label,
    elementType: el.type,
    kind,
    compareAs: el.type === "number" ? "number" : el.type === "date" ? "date" : "infer",
    ...(kind === "choice" && Array.isArray(el.options) ? { options: el.options } : {}),
  };
}

/**
 * The filterable fields of a form (filters of `GET /api/v2/submissions`), by element id or
 * exact, case-sensitive label:
 * - every top-level element except name/address, which are not fields themselves: each of
 *   their sub-fields is, by its own label (rule 5);
 * - the text and choice components of a top-level repeat-field, by id or label (a filter
 *   matches when any row matches).
 * Matrix rows/columns and deeper nesting are not separately addressable.
 * With duplicate labels the first in document order wins (rule 4 promises nothing).
 */
export class FieldResolver {
  private readonly byId = new Map<string, FilterField>();
  private readonly byLabel = new Map<string, FilterField>();

  constructor(elements: readonly FormElement[]) {
    for (const el of elements) {
      if (!el || typeof el !== "object" || typeof el.id !== "string" || isLayoutType(el.type)) continue;
      const category = categoryOf(el);
      if (category === "composite") {
        for (const child of el.children ?? []) {
          if (!child || typeof child.fixedname !== "string" || typeof child.label !== "string") continue;
          this.addLabel(child.label, {
            elementId: el.id,
            location: { at: "subfield", fixedname: child.fixedname },
            label: child.label,
            elementType: el.type,
            kind: "scalar",
            compareAs: "infer",
          });
        }
        continue;
      }
      const field = valueField(el, el.id, { at: "element" });
      if (field) this.add(el.id, el.label, field);
      if (category === "repeat") {
        for (const comp of el.components ?? []) {
          if (!comp || typeof comp.id !== "string") continue;
          const cf = valueField(comp, el.id, { at: "component", componentId: comp.id });
          if (cf && cf.kind !== "structured") this.add(comp.id, comp.label, cf);
        }
      }
    }
  }

  private add(id: string, label: unknown, field: FilterField) {
    if (!this.byId.has(id)) this.byId.set(id, field);
    if (typeof label === "string") this.addLabel(label, field);
  }

  private addLabel(label: string, field: FilterField) {
    if (!this.byLabel.has(label)) this.byLabel.set(label, field);
  }

  /** Element id first (ids are unique), then label. */
  resolve(name: string): FilterField | undefined {
    return this.byId.get(name) ?? this.byLabel.get(name);
  }
}
