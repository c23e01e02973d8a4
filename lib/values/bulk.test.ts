import assert from "node:assert/strict";
import { test } from "node:test";
import { AppError } from "@/lib/errors";
import { assertAllFound, distinctIds, queryableIds } from "./bulk";

const A = "6f1c2f0e-8a43-4d7e-9a55-0c3b1c1e2a11";
const B = "0b9e7a52-3c1d-4f0e-8b6a-2d4c6e8f0a13";

test("distinctIds drops repeats case-insensitively and keeps the first spelling", () => {
  assert.deepEqual(distinctIds([A, A.toUpperCase(), B, ` ${A} `]), [A, B]);
});

test("queryableIds keeps canonical UUIDs only", () => {
  assert.deepEqual(queryableIds([A.toUpperCase(), "junk", " " + B]), [A, B]);
});

test("assertAllFound throws the 422 with the missing ids as written, or nothing", () => {
  assert.doesNotThrow(() => assertAllFound([A.toUpperCase()], [A], "X not found"));
  assert.throws(
    () => assertAllFound([A, "junk", B.toUpperCase()], [A], "Prefill IDs not found"),
    (e: unknown) =>
      e instanceof AppError &&
      e.status === 422 &&
      e.message === "Prefill IDs not found" &&
      e.code === "IDS_NOT_FOUND" &&
      JSON.stringify(e.details) === JSON.stringify({ notFoundIds: ["junk", B.toUpperCase()] }),
  );
});
