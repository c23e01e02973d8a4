import { test } from "node:test";
import assert from "node:assert/strict";
import { resolveSort } from "./sort";

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
