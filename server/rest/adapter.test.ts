import assert from "node:assert/strict";
import { test } from "node:test";
import { initTRPC } from "@trpc/server";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { ZBooleanParam, ZPathParam, ZQueryValue } from "@/server/routers/rest-params";
import { apiTokenProcedure, publicProcedure, router, type Context, type Meta } from "@/server/trpc";
import { createRestHandler, MAX_BODY_BYTES } from "./adapter";

// The adapter never touches the database for these public procedures; the pool is lazy.
process.env.DATABASE_URL ??= "postgres://unused@127.0.0.1:1/unused";

const testRouter = router({
  echo: publicProcedure
    .meta({ openapi: { method: "POST", path: "/echo" }, successStatus: 201 })
    .input(z.object({ name: z.string({ error: "name is required" }), count: z.number().optional() }))
    .output(z.object({ name: z.string(), count: z.number().optional() }))
    .mutation(({ input }) => input),
  bulkDelete: publicProcedure
    .meta({ openapi: { method: "DELETE", path: "/items" }, jsonBody: true })
    .input(z.object({ ids: z.preprocess((v) => v, z.array(z.string(), { error: "ids must be an array" })) }))
    .output(z.object({ deleted: z.number() }))
    .mutation(({ input }) => ({ deleted: input.ids.length })),
  flags: publicProcedure
    .meta({ openapi: { method: "GET", path: "/flags" } })
    .input(z.object({ active: ZBooleanParam("active") }))
    .output(z.object({ active: z.boolean().nullable() }))
    .query(({ input }) => ({ active: input.active ?? null })),
  item: publicProcedure
    .meta({ openapi: { method: "GET", path: "/items/{id}" } })
    .input(z.object({ id: ZPathParam }))
    .output(z.object({ id: z.string() }))
    .query(({ input }) => ({ id: input.id })),
  remove: publicProcedure
    .meta({ openapi: { method: "DELETE", path: "/things/{id}" }, successStatus: 204 })
    .input(z.object({ id: ZPathParam }))
    .output(z.void())
    .mutation(() => undefined),
  boom: publicProcedure
    .meta({ openapi: { method: "GET", path: "/boom" } })
    .input(z.object({}))
    .output(z.object({}))
    .query(() => {
      throw new Error("secret detail: password=hunter2");
    }),
  query: publicProcedure
    .meta({ openapi: { method: "GET", path: "/query" } })
    .input(z.object({}).catchall(ZQueryValue))
    .output(z.record(z.string(), ZQueryValue))
    .query(({ input }) => input),
  secured: apiTokenProcedure("v2")
    .meta({ openapi: { method: "POST", path: "/secured/{id}" } })
    .input(z.object({ id: ZPathParam, name: z.string() }))
    .output(z.object({}))
    .mutation(() => ({})),
  missing: publicProcedure
    .meta({ openapi: { method: "DELETE", path: "/missing" } })
    .input(z.object({}))
    .output(z.object({}))
    .mutation(() => {
      throw new AppError("IDS_NOT_FOUND", "Prefill IDs not found", { details: { notFoundIds: ["a"] } });
    }),
});

const v2 = createRestHandler({ router: testRouter, prefix: "/api/test", surface: "v2", errorKey: "message" });
const connector = createRestHandler({ router: testRouter, prefix: "/connector", surface: "connector", errorKey: "error" });

async function call(handler: typeof v2, method: string, path: string, init: { body?: string; type?: string } = {}) {
  const prefix = handler === v2 ? "/api/test" : "/connector";
  const res = await handler(
    new Request(`http://localhost${prefix}${path}`, {
      method,
      body: init.body,
      headers: init.body !== undefined ? { "content-type": init.type ?? "application/json" } : {},
    }),
  );
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

test("POST answers with the procedure's successStatus 201 and its output", async () => {
  const r = await call(v2, "POST", "/echo", { body: JSON.stringify({ name: "a", count: 2 }) });
  assert.equal(r.status, 201);
  assert.deepEqual(r.body, { name: "a", count: 2 });
});

test("validation errors are {message} with the schema's own text, no code or issues", async () => {
  const r = await call(v2, "POST", "/echo", { body: "{}" });
  assert.equal(r.status, 400);
  assert.deepEqual(r.body, { message: "name is required" });
});

test("connector surface spells errors as {error}", async () => {
  const r = await call(connector, "POST", "/echo", { body: "{}" });
  assert.equal(r.status, 400);
  assert.deepEqual(r.body, { error: "name is required" });
});

test("DELETE with a JSON body reaches the procedure", async () => {
  const r = await call(v2, "DELETE", "/items", { body: JSON.stringify({ ids: ["x", "y", "z"] }) });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { deleted: 3 });
  const one = await call(v2, "DELETE", "/items", { body: JSON.stringify({ ids: ["only"] }) });
  assert.deepEqual(one.body, { deleted: 1 });
});

test("DELETE body with a non-array ids is not silently wrapped into an array", async () => {
  const r = await call(v2, "DELETE", "/items", { body: JSON.stringify({ ids: "x" }) });
  assert.equal(r.status, 400);
  assert.deepEqual(r.body, { message: "ids must be an array" });
});

test("?active=false stays false (no global boolean coercion), and stays so on later calls", async () => {
  assert.deepEqual((await call(v2, "GET", "/flags?active=false")).body, { active: false });
  assert.deepEqual((await call(v2, "GET", "/flags?active=true")).body, { active: true });
  assert.deepEqual((await call(v2, "GET", "/flags?active=false")).body, { active: false });
  const bad = await call(v2, "GET", "/flags?active=maybe");
  assert.equal(bad.status, 400);
  assert.deepEqual(bad.body, { message: "active must be true or false" });
});

test("path parameters are percent-decoded", async () => {
  const r = await call(v2, "GET", "/items/hello%20w%C3%B6rld");
  assert.deepEqual(r.body, { id: "hello wörld" });
});

test("204 has no body", async () => {
  const res = await v2(new Request("http://localhost/api/test/things/1", { method: "DELETE" }));
  assert.equal(res.status, 204);
  assert.equal(await res.text(), "");
});

test("a non-JSON body is 415 in the surface's shape", async () => {
  const r = await call(v2, "POST", "/echo", { body: "name=a", type: "application/x-www-form-urlencoded" });
  assert.equal(r.status, 415);
  assert.deepEqual(r.body, { message: "Request body must be JSON (Content-Type: application/json)" });
});

test("malformed JSON is 400", async () => {
  const r = await call(connector, "POST", "/echo", { body: "{nope" });
  assert.equal(r.status, 400);
  assert.deepEqual(r.body, { error: "Request body is not valid JSON" });
});

test("an oversized body is 413 and never parsed", async () => {
  const big = JSON.stringify({ name: "x".repeat(MAX_BODY_BYTES) });
  const r = await call(v2, "POST", "/echo", { body: big });
  assert.equal(r.status, 413);
  assert.deepEqual(r.body, { message: "Request body too large (max 1 MB)" });
});

test("unknown routes are 404 in the surface's shape", async () => {
  const r = await call(v2, "GET", "/nope");
  assert.equal(r.status, 404);
  assert.deepEqual(r.body, { message: "Not found" });
  const c = await call(connector, "PUT", "/echo", { body: "{}" });
  assert.equal(c.status, 404);
  assert.deepEqual(c.body, { error: "Not found" });
});

test("an unexpected error is a generic 500: no message, no stack", async (t) => {
  const original = process.stderr.write.bind(process.stderr);
  let logged = "";
  process.stderr.write = ((chunk: string) => ((logged += chunk), true)) as typeof process.stderr.write;
  t.after(() => (process.stderr.write = original));
  const r = await call(v2, "GET", "/boom");
  process.stderr.write = original;
  assert.equal(r.status, 500);
  assert.deepEqual(r.body, { message: "Internal server error" });
  assert.match(logged, /secret detail/); // details go to the log only
});

test("bulk-delete 422 carries error and notFoundIds", async () => {
  const r = await call(v2, "DELETE", "/missing", { body: "{}" });
  assert.equal(r.status, 422);
  assert.deepEqual(r.body, { error: "Prefill IDs not found", notFoundIds: ["a"] });
});

// --- input problems (issue 9): answered as 400/413/415 in the surface's shape, after the token ---

const nested = (levels: number) => "[".repeat(levels - 1) + '{"name":"a"}' + "]".repeat(levels - 1);

test("a query parameter named like a built-in property is a plain parameter; __proto__ is ignored", async () => {
  const r = await call(v2, "GET", "/query?constructor=1&toString=2&hasOwnProperty=3&constructor=4");
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { constructor: ["1", "4"], toString: "2", hasOwnProperty: "3" });
  const flags = await call(v2, "GET", "/flags?constructor=1&active=true");
  assert.deepEqual(flags.body, { active: true });
  const proto = await call(connector, "GET", "/query?__proto__=1&__proto__=2&a=b");
  assert.equal(proto.status, 200);
  assert.deepEqual(proto.body, { a: "b" });
});

test("NUL characters in query values, path parameters and bodies are 400s naming the parameter", async () => {
  const q = await call(v2, "GET", "/flags?active=a%00b");
  assert.equal(q.status, 400);
  assert.deepEqual(q.body, { message: "active must not contain NUL characters" });
  const p = await call(v2, "GET", "/items/a%00b");
  assert.deepEqual([p.status, p.body], [400, { message: "id must not contain NUL characters" }]);
  const b = await call(connector, "POST", "/echo", { body: JSON.stringify({ name: "a\u0000b" }) });
  assert.deepEqual([b.status, b.body], [400, { error: "name must not contain NUL characters" }]);
});

test("a query parameter the operation does not read is ignored, whatever it holds; free-form ones reach the procedure", async () => {
  const ignored = await call(v2, "GET", "/flags?active=true&other=a%00b&%00=1");
  assert.deepEqual([ignored.status, ignored.body], [200, { active: true }]);
  // Free-form parameters (filters) are checked by the code that reads them, which knows which it ignores.
  const free = await call(v2, "GET", "/query?x__contains=a%00b");
  assert.deepEqual([free.status, free.body], [200, { x__contains: "a\u0000b" }]);
});

test("a malformed escape in a path parameter is a 400 naming it", async () => {
  const r = await call(v2, "GET", "/items/%zz");
  assert.equal(r.status, 400);
  assert.deepEqual(r.body, { message: "id is not valid percent-encoded UTF-8" });
});

test("a lone surrogate in a body is a 400", async () => {
  const r = await call(v2, "POST", "/echo", { body: '{"name":"\\ud800"}' });
  assert.equal(r.status, 400);
  assert.deepEqual(r.body, { message: "name must not contain unpaired UTF-16 surrogates" });
});

test("a body nested deeper than 64 levels is a 400 on POST and DELETE, however deep; 64 levels pass the guard", async () => {
  for (const levels of [65, 3000, 200_000]) {
    const post = await call(v2, "POST", "/echo", { body: nested(levels) });
    assert.deepEqual([post.status, post.body], [400, { message: "Request body is nested too deeply (max 64 levels)" }], String(levels));
    const del = await call(v2, "DELETE", "/items", { body: `{"ids":[],"x":${nested(levels)}}` });
    assert.deepEqual([del.status, del.body], [400, { message: "Request body is nested too deeply (max 64 levels)" }], String(levels));
  }
  const ok = await call(v2, "DELETE", "/items", { body: `{"ids":["a"],"x":${nested(63)}}` });
  assert.deepEqual([ok.status, ok.body], [200, { deleted: 1 }]);
});

test("the token is checked before the body: no token → Access Token not found, whatever the body", async () => {
  const cases: { body: string; type?: string }[] = [
    { body: "{nope" },
    { body: "name=a", type: "application/x-www-form-urlencoded" },
    { body: JSON.stringify({ name: "x".repeat(MAX_BODY_BYTES) }) },
    { body: nested(100) },
    { body: '{"name":"a\\u0000"}' },
  ];
  for (const c of cases) {
    const r = await call(v2, "POST", "/secured/a%00b?x=%00", c);
    assert.deepEqual([r.status, r.body], [400, { message: "Access Token not found" }], c.body.slice(0, 20));
  }
  const malformed = await v2(
    new Request("http://localhost/api/test/secured/1", {
      method: "POST",
      body: "{nope",
      headers: { "content-type": "application/json", "x-service-token": "nope" },
    }),
  );
  assert.equal(malformed.status, 400);
  assert.deepEqual(await malformed.json(), { message: "Invalid token provided" });
});

test("a procedure whose builder lacks the input guard still answers the edge's problem, not its own result", async () => {
  const t = initTRPC.context<Context>().meta<Meta>().create();
  let ran = 0;
  const bare = t.router({
    make: t.procedure
      .meta({ openapi: { method: "POST", path: "/make" } })
      .input(z.object({}).passthrough())
      .output(z.object({}))
      .mutation(() => (ran++, {})),
  });
  const handler = createRestHandler({ router: bare, prefix: "/api/bare", surface: "v2", errorKey: "message" });
  const res = await handler(
    new Request("http://localhost/api/bare/make", { method: "POST", body: "{nope", headers: { "content-type": "application/json" } }),
  );
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), { message: "Request body is not valid JSON" });
  assert.equal(ran, 1); // it ran on an empty input, which is why every builder must carry the guard
});
