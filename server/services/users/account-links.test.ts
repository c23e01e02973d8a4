import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { accountLinkTokenHash, newAccountLinkToken } from "./account-links";

test("a link token is 32 random bytes in base64url, kept as its SHA-256 in hex", () => {
  const seen = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const { token, tokenHash } = newAccountLinkToken();
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(Buffer.from(token, "base64url").length, 32);
    assert.equal(tokenHash, createHash("sha256").update(token).digest("hex"));
    assert.equal(accountLinkTokenHash(token), tokenHash);
    seen.add(token);
  }
  assert.equal(seen.size, 200);
});

test("text no link of ours carries has no hash: it is looked up nowhere", () => {
  const { token } = newAccountLinkToken();
  for (const mangled of [
    "",
    token.slice(0, 42),
    `${token}A`,
    `${token.slice(0, 42)}=`,
    `${token.slice(0, 42)}+`,
    ` ${token}`,
    "x".repeat(10_000),
  ]) {
    assert.equal(accountLinkTokenHash(mangled), null, JSON.stringify(mangled.slice(0, 50)));
  }
});
