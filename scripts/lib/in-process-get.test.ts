import assert from "node:assert/strict";
import { test } from "node:test";
import { answerInProcess, getInProcess } from "../../server/http/in-process";
import { inProcessGet } from "./in-process-get";

test("an in-process GET hands the handler the path and headers, and answers its status, headers and whole streamed body", async () => {
  const get = inProcessGet(async (req, res) => {
    assert.equal(req.method, "GET");
    assert.equal(req.url, "/f/abc");
    assert.equal(req.headers["x-key"], "k1");
    res.statusCode = 410;
    res.setHeader("content-security-policy", "script-src 'nonce-n1'");
    res.write("<p>one</p>");
    // The handler may resolve before its body is all written (Next streams pages).
    setTimeout(() => res.end("<p>two</p>"), 10);
  });
  const answer = await get("/f/abc", { "x-key": "k1" });
  assert.equal(answer.status, 410);
  assert.equal(answer.headers.get("content-security-policy"), "script-src 'nonce-n1'");
  assert.equal(answer.body, "<p>one</p><p>two</p>");
});

test("getInProcess goes through the lent handler, and refuses plainly when none was lent", async () => {
  await assert.rejects(() => getInProcess("/x", {}), /start the app with scripts\/serve\.ts/);
  answerInProcess(async (path) => ({ status: 200, headers: new Headers(), body: path }));
  assert.equal((await getInProcess("/f/x", {})).body, "/f/x");
});
