import assert from "node:assert/strict";
import { test } from "node:test";
import { contentSecurityPolicy, newNonce, rendersNoPage, securityHeaders } from "./security-headers";

const base = { nonce: "bm9uY2U=", https: false, dev: false };

test("the dashboard may be framed by no one; its scripts need the response's nonce", () => {
  const h = securityHeaders({ ...base, pathname: "/forms" });
  assert.deepEqual(h, {
    "Content-Security-Policy":
      "default-src 'self'; script-src 'self' 'nonce-bm9uY2U=' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; " +
      "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; " +
      "form-action 'self'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "Permissions-Policy":
      "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), " +
      "magnetometer=(), microphone=(), midi=(), payment=(), usb=()",
  });
});

test("survey pages (/f/…, /u/…) may be framed by any site", () => {
  for (const pathname of ["/f/0b6f6c1e-0000-4000-8000-000000000000", "/u/abc", "/f/x/preview.png"]) {
    const h = securityHeaders({ ...base, pathname });
    assert.match(h["Content-Security-Policy"]!, /; frame-ancestors \*$/, pathname);
    assert.equal(h["X-Frame-Options"], undefined, pathname);
  }
  for (const pathname of ["/", "/forms", "/fx", "/unique-links", "/api/v2/forms", "/docs"]) {
    assert.match(contentSecurityPolicy({ ...base, pathname }), /frame-ancestors 'none'/, pathname);
  }
});

test("an https APP_URL adds HSTS and upgrades stray http requests", () => {
  const h = securityHeaders({ ...base, pathname: "/forms", https: true });
  assert.equal(h["Strict-Transport-Security"], "max-age=31536000");
  assert.match(h["Content-Security-Policy"]!, /; upgrade-insecure-requests$/);
  assert.equal(securityHeaders({ ...base, pathname: "/forms" })["Strict-Transport-Security"], undefined);
});

test("next dev also allows eval; production never does", () => {
  assert.match(
    contentSecurityPolicy({ ...base, pathname: "/forms", dev: true }),
    /script-src 'self' 'nonce-bm9uY2U=' 'strict-dynamic' 'unsafe-eval';/,
  );
  assert.doesNotMatch(contentSecurityPolicy({ ...base, pathname: "/forms" }), /unsafe-eval/);
});

test("nonces are 128-bit base64 and never repeat", () => {
  const seen = new Set(Array.from({ length: 1000 }, newNonce));
  assert.equal(seen.size, 1000);
  for (const n of seen) assert.match(n, /^[A-Za-z0-9+/]{22}==$/);
});

test("only paths that never render a page leave the nonce off the request; pages and 404s keep it", () => {
  for (const path of [
    "/api/v2/submissions",
    "/api/v1/forms",
    "/connector/forms",
    "/api/trpc/account.me",
    "/api/auth/session",
    "/api/health",
    "/oauth/token",
    "/oauth/revoke",
    "/.well-known/oauth-authorization-server",
  ]) {
    assert.equal(rendersNoPage(path), true, path);
  }
  // Pages, survey routes (they render the survey page again on an error) and unknown paths (the 404 page).
  for (const path of [
    "/",
    "/forms",
    "/sign-in",
    "/oauth/authorize",
    "/f/abc",
    "/f/abc/submit",
    "/u/x/submit",
    "/api",
    "/api/v2",
    "/api/nope",
    "/apix",
    "/connector",
    "/oauth/tokens",
  ]) {
    assert.equal(rendersNoPage(path), false, path);
  }
  // A submit is answered in JSON when it is JSON; a form post may get the page again.
  assert.equal(rendersNoPage("/f/abc/submit", "application/json; charset=utf-8"), true);
  assert.equal(rendersNoPage("/u/x/submit", "application/vnd.api+json"), true);
  assert.equal(rendersNoPage("/f/abc/submit", "application/x-www-form-urlencoded"), false);
  assert.equal(rendersNoPage("/f/abc/submit", "multipart/form-data; boundary=x"), false);
  assert.equal(rendersNoPage("/f/abc", "application/json"), false);
});

test("a form that lists embedOrigins is framed by exactly those; a form with a CAPTCHA may run its worker and frames", () => {
  const pathname = "/f/0b6f6c1e-0000-4000-8000-000000000000";
  const listed = contentSecurityPolicy({
    ...base,
    pathname,
    survey: { frameAncestors: ["https://example.com", "http://a.test:8080"], captcha: false },
  });
  assert.match(listed, /; frame-ancestors https:\/\/example\.com http:\/\/a\.test:8080$/);
  assert.doesNotMatch(listed, /worker-src/);
  const guarded = contentSecurityPolicy({ ...base, pathname, survey: { frameAncestors: null, captcha: true } });
  assert.match(
    guarded,
    /; worker-src 'self'; frame-src 'self' https:\/\/challenges\.cloudflare\.com https:\/\/\*\.hcaptcha\.com; frame-ancestors \*$/,
  );
  // Never on the dashboard, whatever it is handed.
  assert.match(
    contentSecurityPolicy({ ...base, pathname: "/forms", survey: { frameAncestors: ["https://example.com"], captcha: true } }),
    /frame-ancestors 'none'$/,
  );
});
