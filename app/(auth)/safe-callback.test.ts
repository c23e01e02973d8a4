import assert from "node:assert/strict";
import { test } from "node:test";
import { safeCallbackUrl } from "./safe-callback";

const APP = "https://forms.example.com";

test("paths and same-origin URLs are kept as a path", () => {
  assert.equal(safeCallbackUrl("/forms?page=2#top", APP), "/forms?page=2#top");
  assert.equal(safeCallbackUrl("/tokens", APP), "/tokens");
  assert.equal(safeCallbackUrl("https://forms.example.com/submissions?form=1", APP), "/submissions?form=1");
  assert.equal(safeCallbackUrl(["/prefills", "/tokens"], APP), "/prefills");
  assert.equal(safeCallbackUrl("forms", APP), "/forms");
});

test("anything that a browser would take to another origin falls back", () => {
  const attacks = [
    "/%09/evil.example/",
    "/\t/evil.example/",
    "/\r\n/evil.example/",
    "\t//evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example/forms",
    "http://forms.example.com/forms",
    "https://forms.example.com.evil.example/",
    "https://forms.example.com@evil.example/",
    "javascript:alert(1)",
    "data:text/html,hi",
  ];
  for (const raw of attacks) {
    const decoded = raw.includes("%") ? decodeURIComponent(raw) : raw;
    assert.equal(safeCallbackUrl(decoded, APP), "/forms", JSON.stringify(raw));
  }
});

test("a same-origin URL whose path starts with // stays on this site", () => {
  assert.equal(safeCallbackUrl("https://forms.example.com//evil.example/x", APP), "/evil.example/x");
});

test("no value, an empty value or an unparsable one gives the fallback", () => {
  assert.equal(safeCallbackUrl(undefined, APP), "/forms");
  assert.equal(safeCallbackUrl("", APP), "/forms");
  assert.equal(safeCallbackUrl("http://[::1", APP, "/home"), "/home");
});
