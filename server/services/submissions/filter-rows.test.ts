import { test } from "node:test";
import assert from "node:assert/strict";
import type { FormElement } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { filterableFields } from "@/lib/filters/filter-fields";
import { parseFilterRows } from "./filter-rows";

const ELEMENTS: FormElement[] = [
  { id: "team", label: "Team size", type: "number" },
  { id: "topic", label: "Topic", type: "radio", options: [{ id: "o1", label: "Sales", value: "sales" }] },
  { id: "n", label: "Name", type: "name", children: [{ fixedname: "first_name", label: "First name", required: false }] },
  { id: "n2", label: "Partner", type: "name", children: [{ fixedname: "first_name", label: "First name", required: false }] },
  { id: "rate", label: "Rate", type: "matrix", rows: [], columns: [] },
];

test("an invalid filter carries v2's message and the row it is about", () => {
  assert.equal(parseFilterRows(ELEMENTS, [{ field: "team", type: "in_range", value: "1,5" }]).length, 1);
  assert.throws(
    () =>
      parseFilterRows(ELEMENTS, [
        { field: "team", type: "is_filled", value: "true" },
        { field: "team", type: "in_range", value: "9,5" },
      ]),
    (e: unknown) =>
      e instanceof AppError &&
      e.status === 400 &&
      e.message === "team__in_range: min must not be greater than max" &&
      JSON.stringify(e.path) === '["filters",1]',
  );
  assert.throws(
    () => parseFilterRows(ELEMENTS, [{ field: "nope", type: "is_empty", value: "true" }]),
    (e: unknown) => e instanceof AppError && e.message === "Unknown filter field(s): nope" && JSON.stringify(e.path) === '["filters",0]',
  );
});

test("the builder offers each field the filter types that fit its values, named as v2 resolves them", () => {
  const fields = filterableFields(ELEMENTS);
  // The second "First name" cannot be addressed by v2 (the first label wins): not offered.
  assert.deepEqual(
    fields.map((f) => [f.key, f.label, f.input]),
    [
      ["team", "Team size", "number"],
      ["topic", "Topic", "choice"],
      ["First name", "Name: First name", "text"],
      ["rate", "Rate", "none"],
    ],
  );
  assert.deepEqual(fields[3]!.types, ["is_empty", "is_filled"]);
  assert.ok(fields[0]!.types.includes("in_range") && !fields[0]!.types.includes("contains"));
  assert.deepEqual(fields[1]!.options, [{ label: "Sales", value: "sales" }]);
  // Together the fields offer every one of v2's 17 filter types.
  const dated = filterableFields([{ id: "d", label: "D", type: "date" }, ...ELEMENTS, { id: "t", label: "T", type: "short-text" }]);
  assert.equal(new Set(dated.flatMap((f) => f.types)).size, 17);
});
