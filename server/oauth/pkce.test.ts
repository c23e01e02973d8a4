import assert from "node:assert/strict";
import { test } from "node:test";
import { CODE_VERIFIER_RE, S256_CHALLENGE_RE, s256, verifyCodeVerifier } from "./pkce";

// RFC 7636 appendix B.
const VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

test("S256 matches the RFC 7636 example", () => {
  assert.equal(s256(VERIFIER), CHALLENGE);
  assert.equal(verifyCodeVerifier(CHALLENGE, VERIFIER), true);
  assert.equal(verifyCodeVerifier(CHALLENGE, `${VERIFIER.slice(0, -1)}l`), false);
  assert.equal(verifyCodeVerifier("short", VERIFIER), false);
});

test("verifiers are 43–128 unreserved characters; challenges 43 base64url characters", () => {
  assert.ok(CODE_VERIFIER_RE.test(VERIFIER));
  assert.ok(CODE_VERIFIER_RE.test("a".repeat(128)));
  assert.ok(CODE_VERIFIER_RE.test("A-._~".repeat(9)));
  assert.ok(!CODE_VERIFIER_RE.test("a".repeat(42)));
  assert.ok(!CODE_VERIFIER_RE.test("a".repeat(129)));
  assert.ok(!CODE_VERIFIER_RE.test(`${"a".repeat(42)}+`));
  assert.ok(S256_CHALLENGE_RE.test(CHALLENGE));
  assert.ok(!S256_CHALLENGE_RE.test(`${CHALLENGE}=`));
  assert.ok(!S256_CHALLENGE_RE.test(CHALLENGE.slice(1)));
});
