import assert from "node:assert/strict";
import { test } from "node:test";
import { malformedSegment, refuseMalformedPath } from "./malformed-url";

test("a path decodes when every segment does; the first one that does not is named", () => {
  assert.equal(malformedSegment("/api/v2/forms/hello%20w%C3%B6rld"), null);
  assert.equal(malformedSegment("/api/v2/forms/a%00b"), null);
  for (const bad of ["%zz", "%", "%C0%AF", "%ED%A0%80", "%E2%82"]) assert.equal(malformedSegment(`/api/v2/forms/${bad}/x`), bad);
});

test("a malformed path is a 400 in the shape of the surface it is under", async () => {
  const answer = async (path: string) => {
    const res = refuseMalformedPath(`http://localhost${path}`);
    assert.ok(res, path);
    return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
  };
  const message = (s: string) => `URL path segment "${s}" is not valid percent-encoded UTF-8`;
  assert.deepEqual(await answer("/api/v2/submissions/%zz"), {
    status: 400,
    type: "application/json; charset=utf-8",
    body: JSON.stringify({ message: message("%zz") }),
  });
  assert.deepEqual(JSON.parse((await answer("/api/v1/submissions/%")).body), { message: message("%") });
  assert.deepEqual(JSON.parse((await answer("/api/trpc/%")).body), {
    error: { message: message("%"), code: -32600, data: { code: "BAD_REQUEST", httpStatus: 400 } },
  });
  // The survey routes answer `{message}`, as their submit endpoints do.
  for (const path of ["/f/%/submit", "/u/%zz", "/f/%C0%AF/preview.png"]) {
    const segment = path.split("/")[2]!;
    assert.deepEqual(await answer(path), {
      status: 400,
      type: "application/json; charset=utf-8",
      body: JSON.stringify({ message: message(segment) }),
    });
  }
  assert.deepEqual(await answer("/forms/%"), {
    status: 400,
    type: "text/plain; charset=utf-8",
    body: `400 Bad Request: ${message("%")}\n`,
  });
  assert.equal((await answer("/fx/%")).type, "text/plain; charset=utf-8", "a root must be a whole segment");
  // A prefix must be a whole segment: /api/v2x is not /api/v2.
  assert.equal((await answer("/api/v2x/%")).type, "text/plain; charset=utf-8");
  assert.equal(refuseMalformedPath("http://localhost/api/v2/forms?q=%zz"), null, "the query is not the path");
});
