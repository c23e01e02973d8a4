import assert from "node:assert/strict";
import { test } from "node:test";
import { parseIntId } from "./ids";

test("parseIntId reads serial ids an integer column can hold, and nothing else", () => {
  assert.equal(parseIntId("1"), 1);
  assert.equal(parseIntId(" 42 "), 42);
  assert.equal(parseIntId(2147483647), 2147483647);
  for (const bad of ["0", "-1", "01", "1.0", "1e3", "2147483648", "99999999999", "", "abc", "1\u0000", "٣"]) {
    assert.equal(parseIntId(bad), null, bad);
  }
});
