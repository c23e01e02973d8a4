import assert from "node:assert/strict";
import { test } from "node:test";
import { parseOptions, UsageError } from "./cli-args";

const specs = { name: { required: true }, "redirect-uri": { multiple: true }, public: { flag: true } } as const;

test("a multiple option collects every value in order; absent, it is an empty list", () => {
  assert.deepEqual(parseOptions(["--name", "Make", "--redirect-uri", "a", "--redirect-uri=b", "--public"], specs), {
    name: "Make",
    "redirect-uri": ["a", "b"],
    public: true,
  });
  assert.deepEqual(parseOptions(["--name", "Make"], specs), { name: "Make", "redirect-uri": [], public: false });
});

test("other options still refuse repetition and a missing value", () => {
  assert.throws(
    () => parseOptions(["--name", "a", "--name", "b"], specs),
    (e) => e instanceof UsageError && e.message === "--name is given twice",
  );
  assert.throws(
    () => parseOptions(["--name", "a", "--redirect-uri"], specs),
    (e) => e instanceof UsageError && e.message === "--redirect-uri needs a value",
  );
});
