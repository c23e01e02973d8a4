import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import { AppError } from "@/server/errors";
import { ZBooleanParam, ZPathParam } from "@/server/routers/rest-params";
import { publicProcedure, router } from "@/server/trpc";
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
