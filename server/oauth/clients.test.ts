import assert from "node:assert/strict";
import { test } from "node:test";
import { redirectUriProblem } from "./clients";

test("https redirect URIs are fine, with a path and a query", () => {
  for (const uri of [
    "https://www.integromat.com/oauth/cb/app",
    "https://zapier.com/dashboard/auth/oauth/return/App1CLIAPI/",
    "https://a.example/cb?x=1",
  ]) {
    assert.equal(redirectUriProblem(uri), null, uri);
  }
});

test("http only on this machine (RFC 8252 §7.3)", () => {
  for (const uri of ["http://localhost:3000/cb", "http://127.0.0.1:9/cb", "http://[::1]/cb"])
    assert.equal(redirectUriProblem(uri), null, uri);
  assert.equal(
    redirectUriProblem("http://platform.example/cb"),
    "redirect URI 'http://platform.example/cb' must use https (http only for localhost)",
  );
  assert.equal(
    redirectUriProblem("http://localhost.evil.example/cb"),
    "redirect URI 'http://localhost.evil.example/cb' must use https (http only for localhost)",
  );
});

test("no fragments, credentials, relative URIs or other schemes", () => {
  assert.equal(redirectUriProblem("https://a.example/cb#x"), "redirect URI 'https://a.example/cb#x' must not contain a fragment (#…)");
  assert.equal(redirectUriProblem("https://a.example/cb#"), "redirect URI 'https://a.example/cb#' must not contain a fragment (#…)");
  assert.equal(redirectUriProblem("https://u:p@a.example/cb"), "redirect URI 'https://u:p@a.example/cb' must not contain credentials");
  assert.equal(redirectUriProblem("/cb"), "redirect URI '/cb' is not an absolute URL");
  assert.equal(redirectUriProblem("javascript:alert(1)"), "redirect URI 'javascript:alert(1)' must use https (http only for localhost)");
});
