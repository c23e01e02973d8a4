import { test } from "node:test";
import assert from "node:assert/strict";
import type { FormElement } from "@/db/schema";
import { FieldResolver } from "@/lib/filters/fields";
import { resolveSort, resolveV1Sort } from "./sort";

test("sort defaults to created_at descending", () => {
  assert.deepEqual(resolveSort(undefined, undefined), { field: "created_at", order: "desc" });
  assert.deepEqual(resolveSort("", "asc"), { field: "created_at", order: "asc" });
});

test("each sort field keeps the requested order, case-insensitively", () => {
  assert.deepEqual(resolveSort("updated_at", "asc"), { field: "updated_at", order: "asc" });
  assert.deepEqual(resolveSort("duration", "ASC"), { field: "duration", order: "asc" });
  assert.deepEqual(resolveSort("created_at", "desc"), { field: "created_at", order: "desc" });
});

test("an unknown sort falls back to created_at descending, whatever the order", () => {
  assert.deepEqual(resolveSort("name", "asc"), { field: "created_at", order: "desc" });
  assert.deepEqual(resolveSort("Created_At", "asc"), { field: "created_at", order: "desc" });
});

test("an unknown order means descending", () => {
  assert.deepEqual(resolveSort("duration", "up"), { field: "duration", order: "desc" });
});

const elements: FormElement[] = [
  { id: "q_age", label: "Age", type: "number" },
  { id: "q_city", label: "City", type: "short-text" },
  { id: "q_grid", label: "Grid", type: "matrix", rows: [], columns: [] },
  { id: "q_rep", label: "People", type: "repeat-field", components: [{ id: "q_who", label: "Who", type: "short-text" }] },
  { id: "q_name", label: "Name", type: "name", children: [{ fixedname: "first", label: "First name", required: true }] },
  { id: "q_when", label: "created_at", type: "date" },
];
const fields = new FieldResolver(elements);

test("v1: order defaults to asc; desc only when asked; no sort is created_at", () => {
  assert.deepEqual(resolveV1Sort(fields, undefined, undefined), { field: "created_at", order: "asc" });
  assert.deepEqual(resolveV1Sort(fields, "", "DESC"), { field: "created_at", order: "desc" });
  assert.deepEqual(resolveV1Sort(fields, "updated_at", "sideways"), { field: "updated_at", order: "asc" });
});

test("v1: a field by label or element id sorts on its value; sub-fields by their own label", () => {
  const byLabel = resolveV1Sort(fields, "Age", "desc");
  assert.equal(byLabel.field, "value");
  assert.equal(byLabel.field === "value" && byLabel.target.elementId, "q_age");
  assert.equal(byLabel.field === "value" && byLabel.target.compareAs, "number");
  assert.deepEqual(resolveV1Sort(fields, "q_city", "asc"), { ...resolveV1Sort(fields, "City", "asc") });
  const sub = resolveV1Sort(fields, "First name", undefined);
  assert.deepEqual(sub.field === "value" && sub.target.location, { at: "subfield", fixedname: "first" });
});

test("v1: the created_at column wins over a field labelled created_at; its id still sorts by the field", () => {
  assert.deepEqual(resolveV1Sort(fields, "created_at", "desc"), { field: "created_at", order: "desc" });
  const byId = resolveV1Sort(fields, "q_when", "desc");
  assert.equal(byId.field === "value" && byId.target.compareAs, "date");
});

test("v1: unknown names, matrix, repeat-field and components fall back to created_at in the given order", () => {
  for (const name of ["Nope", "Grid", "People", "Who", "Name", "duration"]) {
    assert.deepEqual(resolveV1Sort(fields, name, "desc"), { field: "created_at", order: "desc" }, name);
  }
});
