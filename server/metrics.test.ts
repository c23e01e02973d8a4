import assert from "node:assert/strict";
import { test } from "node:test";
import { metricsAuthorized, routeLabel } from "./metrics";

test("route labels: ids become :id, build assets one label, at most five segments, no query", () => {
  assert.equal(routeLabel("/api/v2/forms/123/submissions?page=2"), "/api/v2/forms/:id/submissions");
  assert.equal(routeLabel("/f/0b6c1f4e-5d3a-4b7e-9a51-2f1c0e8d7a66/submit"), "/f/:id/submit");
  assert.equal(routeLabel("/u/Vx3kPq9rT2mN8bL4cD7fG1hJ/submit"), "/u/:id/submit");
  assert.equal(routeLabel("/_next/static/chunks/abc.js"), "/_next");
  assert.equal(routeLabel("/a/b/c/d/e/f/g"), "/a/b/c/d/e");
  assert.equal(routeLabel("/"), "/");
});

test("GET /metrics takes METRICS_TOKEN as a bearer token, nothing else", () => {
  const token = "a-metrics-token-of-32-characters";
  assert.equal(metricsAuthorized(`Bearer ${token}`, token), true);
  assert.equal(metricsAuthorized(`bearer ${token}`, token), true);
  for (const bad of [undefined, "", token, `Bearer ${token}x`, `Basic ${token}`, "Bearer "])
    assert.equal(metricsAuthorized(bad, token), false);
});
