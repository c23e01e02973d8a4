import assert from "node:assert/strict";
import { test } from "node:test";
import { crossSiteRefusal } from "./same-origin";

const APP = "https://forms.example.com";
const check = (headers: Record<string, string>) => crossSiteRefusal(new Headers(headers), APP);

test("a request from the app's own pages goes on", () => {
  assert.equal(check({ origin: "https://forms.example.com" }), null);
  assert.equal(check({ origin: "https://forms.example.com", "sec-fetch-site": "same-origin" }), null);
  assert.equal(check({ "sec-fetch-site": "same-origin" }), null);
  assert.equal(crossSiteRefusal(new Headers({ origin: "http://localhost:3000" }), "http://localhost:3000/"), null);
});

test("another origin, a null origin or a cross-site browser request is refused, with a reason", () => {
  assert.equal(
    check({ origin: "https://evil.example" }),
    "This request comes from https://evil.example, not from https://forms.example.com: " +
      "open Formhouse at https://forms.example.com (APP_URL).",
  );
  for (const origin of ["null", "http://forms.example.com", "https://forms.example.com:8443", "https://sub.forms.example.com"]) {
    assert.notEqual(check({ origin }), null, origin);
  }
  for (const site of ["cross-site", "same-site", "none"]) {
    assert.equal(check({ "sec-fetch-site": site }), `This request comes from another site (${site}), not from https://forms.example.com.`);
  }
});

test("a client that is no browser (no Origin, no Sec-Fetch-Site) goes on", () => {
  assert.equal(check({}), null);
  assert.equal(check({ "content-type": "application/json" }), null);
});
