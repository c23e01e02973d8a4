import assert from "node:assert/strict";
import { test } from "node:test";
import { submitClass } from "./serve-metrics";

test("a submit's class is its link and its body's kind, whatever the parameters of its type", () => {
  const uuid = "6f1c2f0e-8a43-4d7e-9a55-0c3b1c1e2a11";
  assert.deepEqual(submitClass(`/f/${uuid}/submit`, "application/json"), { target: "form", body: "json" });
  assert.deepEqual(submitClass(`/f/${uuid}/submit`, "Application/JSON; charset=utf-8"), { target: "form", body: "json" });
  assert.deepEqual(submitClass(`/f/${uuid}/submit`, "application/vnd.api+json"), { target: "form", body: "json" });
  assert.deepEqual(submitClass("/u/abc/submit", "application/x-www-form-urlencoded"), { target: "unique_link", body: "form" });
  assert.deepEqual(submitClass("/u/abc/submit?x=1", "multipart/form-data; boundary=----x"), { target: "unique_link", body: "multipart" });
  assert.deepEqual(submitClass(`/f/${uuid}/submit`, undefined), { target: "form", body: "other" });
  assert.deepEqual(submitClass(`/f/${uuid}/submit`, "text/plain"), { target: "form", body: "other" });
  // A hostile type never becomes a label value of its own.
  assert.deepEqual(submitClass(`/f/${uuid}/submit`, 'application/json"} 1\nx{'), { target: "form", body: "other" });
});
