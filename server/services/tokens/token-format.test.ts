import assert from "node:assert/strict";
import { test } from "node:test";
import { displayPrefix, generateToken, hashToken, parseTokenKind, TOKEN_PATTERN } from "./token-format";

test("tokens carry a recognisable prefix and 32 random base62 characters", () => {
  const t = generateToken("v2");
  assert.match(t, TOKEN_PATTERN);
  assert.ok(t.startsWith("fh_v2_"));
  assert.equal(parseTokenKind(generateToken("v1")), "v1");
  assert.notEqual(generateToken("v2"), generateToken("v2"));
});

test("malformed tokens are recognised as such", () => {
  for (const bad of ["", "fh_v2_", "fh_v2_abc", `fh_v9_${"a".repeat(32)}`, `fh_v2_${"a".repeat(31)}!`, ` fh_v2_${"a".repeat(32)}`]) {
    assert.equal(parseTokenKind(bad), null, bad);
  }
});

test("the stored hash is a SHA-256 hex digest and the display prefix reveals no secret part", () => {
  const t = generateToken("v2");
  assert.match(hashToken(t), /^[0-9a-f]{64}$/);
  assert.equal(displayPrefix(t), `${t.slice(0, 10)}…`);
  assert.ok(displayPrefix(t).length < 12);
});
