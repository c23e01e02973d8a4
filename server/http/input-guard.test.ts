import assert from "node:assert/strict";
import { test } from "node:test";
import { AppError } from "@/lib/errors";
import { inputProblem, MAX_INPUT_DEPTH, pathParamProblem, queryProblem } from "./input-guard";

const message = (e: AppError | null) => e?.message ?? null;
const nested = (levels: number) => {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

test("NUL characters are refused in any string or key, named by their path", () => {
  assert.equal(message(inputProblem({ prefills: [{ name: "a\u0000b" }] })), "prefills[0].name must not contain NUL characters");
  assert.equal(message(inputProblem({ a: { "x\u0000": 1 } })), 'a["x\\u0000"] must not contain NUL characters in its name');
  assert.equal(message(inputProblem("\u0000")), "input must not contain NUL characters");
  const e = inputProblem({ unique_links: [{ entry_name: "\u0000" }] });
  assert.equal(e?.code, "BAD_REQUEST");
  assert.deepEqual(e?.path, ["unique_links", 0, "entry_name"]);
});

test("unpaired UTF-16 surrogates are refused; pairs (emoji) are fine", () => {
  assert.equal(message(inputProblem({ v: "\ud800" })), "v must not contain unpaired UTF-16 surrogates");
  assert.equal(message(inputProblem({ v: "a\udc00" })), "v must not contain unpaired UTF-16 surrogates");
  assert.equal(message(inputProblem({ v: "\udc00\ud800" })), "v must not contain unpaired UTF-16 surrogates");
  assert.equal(inputProblem({ v: "😀 ok \ud83d\ude00" }), null);
});

test(`nesting deeper than ${MAX_INPUT_DEPTH} levels is refused without walking further`, () => {
  assert.equal(inputProblem(nested(MAX_INPUT_DEPTH)), null);
  assert.equal(message(inputProblem(nested(MAX_INPUT_DEPTH + 1))), "Request body is nested too deeply (max 64 levels)");
  // Far deeper than any recursive walk could go.
  let deep: unknown = 1;
  for (let i = 0; i < 200_000; i++) deep = [deep];
  assert.equal(message(inputProblem(deep)), "Request body is nested too deeply (max 64 levels)");
});

test("the first problem in document order wins; plain values pass", () => {
  assert.equal(message(inputProblem({ a: "ok", b: ["\u0000"], c: "\ud800" })), "b[0] must not contain NUL characters");
  assert.equal(inputProblem({ a: [1, true, null, "x", { b: 2.5 }] }), null);
  assert.equal(inputProblem(undefined), null);
});

test("query strings: NUL in names and values is refused; built-in property names are plain names", () => {
  assert.equal(message(queryProblem(new URLSearchParams("email__contains=a%00b"))), "email__contains must not contain NUL characters");
  assert.equal(message(queryProblem(new URLSearchParams("a%00=1"))), '["a\\u0000"] must not contain NUL characters in its name');
  assert.equal(queryProblem(new URLSearchParams("constructor=1&toString=2&hasOwnProperty=3&valueOf=4&__proto__=5")), null);
});

test("path parameters: malformed escapes and NUL once decoded are refused", () => {
  assert.equal(message(pathParamProblem("id", "%zz")), "id is not valid percent-encoded UTF-8");
  assert.equal(message(pathParamProblem("id", "%C0%AF")), "id is not valid percent-encoded UTF-8");
  assert.equal(message(pathParamProblem("id", "%ED%A0%80")), "id is not valid percent-encoded UTF-8");
  assert.equal(message(pathParamProblem("form_uuid", "a%00b")), "form_uuid must not contain NUL characters");
  assert.equal(pathParamProblem("id", "hello%20w%C3%B6rld"), null);
});
