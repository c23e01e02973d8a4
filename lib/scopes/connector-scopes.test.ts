import assert from "node:assert/strict";
import { test } from "node:test";
import { formatScopes, parseScopeParam } from "./connector-scopes";

test("scopes are separated by spaces, commas tolerated; canonical order, no duplicates", () => {
  assert.deepEqual(parseScopeParam("forms:read profile:read"), { ok: true, scopes: ["profile:read", "forms:read"] });
  assert.deepEqual(parseScopeParam("forms:read,profile:read"), { ok: true, scopes: ["profile:read", "forms:read"] });
  assert.deepEqual(parseScopeParam(" forms:read ,  forms:read\tsubmission:read "), { ok: true, scopes: ["forms:read", "submission:read"] });
});

test("no scope (absent, empty, only separators) means all three", () => {
  for (const raw of [undefined, "", " ", ", ,"]) {
    assert.deepEqual(parseScopeParam(raw), { ok: true, scopes: ["profile:read", "forms:read", "submission:read"] }, JSON.stringify(raw));
  }
});

test("unknown scopes are named, each once; case matters", () => {
  assert.deepEqual(parseScopeParam("forms:read Forms:Read admin admin"), { ok: false, unknown: ["Forms:Read", "admin"] });
});

test("a token response joins scopes with spaces", () => {
  assert.equal(formatScopes(["profile:read", "forms:read"]), "profile:read forms:read");
});
