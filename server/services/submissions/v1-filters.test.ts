import { test } from "node:test";
import assert from "node:assert/strict";
import type { FormElement } from "@/db/schema";
import { FieldResolver } from "@/lib/filters/fields";
import { parseFilters } from "@/lib/filters/filters";
import { v1FilterParams } from "./v1-filters";

const elements: FormElement[] = [
  { id: "q_city", label: "City", type: "short-text" },
  { id: "q_mail", label: "E-mail", type: "email" },
  { id: "q_age", label: "Age", type: "number" },
  { id: "q_day", label: "Visit date", type: "date" },
  { id: "q_size", label: "Size", type: "dropdown", options: [{ id: "o_s", label: "Small", value: "s" }] },
  { id: "q_tags", label: "Tags", type: "multiple-checkbox", options: [{ id: "o_a", label: "A", value: "a" }] },
  { id: "q_name", label: "Name", type: "name", children: [{ fixedname: "first", label: "First name", required: true }] },
  { id: "q_grid", label: "Grid", type: "matrix", rows: [{ id: "r", label: "R" }], columns: [{ id: "c", label: "C" }] },
  { id: "q_rep", label: "People", type: "repeat-field", components: [{ id: "q_who", label: "Who", type: "short-text" }] },
  { id: "q_odd", label: "Total__gt", type: "number" },
];
const fields = new FieldResolver(elements);

test("a bare field=value is contains on text-like fields and sub-fields", () => {
  assert.deepEqual(
    v1FilterParams(fields, [
      ["City", "par"],
      ["E-mail", "example.com"],
      ["First name", "Ann"],
      ["Who", "Bob"],
    ]),
    [
      ["City__contains", "par"],
      ["E-mail__contains", "example.com"],
      ["First name__contains", "Ann"],
      ["Who__contains", "Bob"],
    ],
  );
});

test("a bare field=value is exact on number and choice fields, and the same day on date fields", () => {
  assert.deepEqual(
    v1FilterParams(fields, [
      ["Age", "30"],
      ["Size", "Small"],
      ["Tags", "a"],
      ["Visit date", "2024-01-15"],
    ]),
    [
      ["Age__is_equal_to", "30"],
      ["Size__is_equal_to", "Small"],
      ["Tags__is_equal_to", "a"],
      ["Visit date__on", "2024-01-15"],
    ],
  );
});

test("__gte, __gt, __lte and __lt become the v2 comparison types; element ids work like labels", () => {
  assert.deepEqual(
    v1FilterParams(fields, [
      ["Age__gte", "18"],
      ["q_age__gt", "17"],
      ["Visit date__lte", "2024-12-31"],
      ["q_day__lt", "2025-01-01"],
      ["q_city", "x"],
    ]),
    [
      ["Age__is_greater_than_or_equal_to", "18"],
      ["q_age__is_greater_than", "17"],
      ["Visit date__is_less_than_or_equal_to", "2024-12-31"],
      ["q_day__is_less_than", "2025-01-01"],
      ["q_city__contains", "x"],
    ],
  );
});

test("reserved, unknown and unsupported parameters are ignored (legacy v1), never an error", () => {
  assert.deepEqual(
    v1FilterParams(fields, [
      ["page", "2"],
      ["sort", "Age"],
      ["order", "desc"],
      ["per_page", "50"],
      ["Nope", "1"],
      ["Nope__gte", "1"],
      ["Age__is_greater_than", "1"],
      ["Age__constructor", "1"],
      ["Age__", "1"],
      ["Grid", "x"],
      ["People", "x"],
      ["Name", "Ann"],
    ]),
    [],
  );
});

test("a label that ends in a v1 suffix is a bare field; repeated parameters stay separate filters", () => {
  assert.deepEqual(
    v1FilterParams(fields, [
      ["Total__gt", "5"],
      ["City", "a"],
      ["City", "b"],
    ]),
    [
      ["Total__gt__is_equal_to", "5"],
      ["City__contains", "a"],
      ["City__contains", "b"],
    ],
  );
});

test("every translated parameter is accepted by the v2 filter engine as the intended filter", () => {
  const params = v1FilterParams(fields, [
    ["City", "par"],
    ["Age__gte", "18"],
    ["Visit date", "2024-01-15"],
    ["Size", "Small"],
    ["Total__gt", "5"],
  ]);
  const filters = parseFilters(fields, params);
  assert.deepEqual(
    filters.map((f) => [f.field.elementId, f.type, f.condition]),
    [
      ["q_city", "contains", { op: "contains", text: "par" }],
      ["q_age", "is_greater_than_or_equal_to", { op: "compare", cmp: ">=", operand: { kind: "number", value: "18" } }],
      ["q_day", "on", { op: "compare", cmp: "=", operand: { kind: "date", value: "2024-01-15" } }],
      ["q_size", "is_equal_to", { op: "equals", values: ["s"] }],
      ["q_odd", "is_equal_to", { op: "equals", values: ["5"] }],
    ],
  );
});
