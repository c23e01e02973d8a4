import { test } from "node:test";
import assert from "node:assert/strict";
import { generateOpenApiDocument } from "trpc-to-openapi";
import { router } from "@/server/trpc";
import { filterParamsOf, ZV2ListSubmissionsInput } from "./list-submissions";
import { v2Router } from "../router";

test("the list input keeps unknown query keys (filters) as strings or arrays, in order", () => {
  const input = ZV2ListSubmissionsInput.parse({ form_id: "3", Age__is_greater_than: "9", page: "2", "My label__contains": ["a", "b"] });
  assert.equal(input.page, 2);
  assert.deepEqual(filterParamsOf(input), [
    ["Age__is_greater_than", "9"],
    ["My label__contains", "a"],
    ["My label__contains", "b"],
  ]);
});

test("known parameters given twice or of the wrong shape are 400s with a clear message", () => {
  const msg = (v: unknown) => ZV2ListSubmissionsInput.safeParse(v).error?.issues[0]?.message;
  assert.equal(msg({ form_id: ["1", "2"] }), "form_id must be given once");
  assert.equal(msg({ form_id: "abc" }), "form_id must be an integer");
  assert.equal(msg({ sort: ["a", "b"] }), "sort must be given once");
});

test("the OpenAPI document lists the three operations with their query parameters", () => {
  const doc = generateOpenApiDocument(router({ submissions: v2Router.submissions }), {
    title: "t",
    version: "1",
    baseUrl: "http://localhost/api/v2",
  });
  const paths = doc.paths as Record<string, Record<string, { parameters?: { name: string }[] }>>;
  assert.deepEqual(Object.keys(paths).sort(), ["/submissions", "/submissions/{id}"]);
  assert.deepEqual(
    paths["/submissions"]!.get!.parameters!.map((p) => p.name),
    ["page", "form_id", "form_uuid", "sort", "order", "include_partial"],
  );
  assert.ok(paths["/submissions/{id}"]!.get && paths["/submissions/{id}"]!.delete);
});
