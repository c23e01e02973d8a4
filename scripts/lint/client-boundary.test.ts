import assert from "node:assert/strict";
import { test } from "node:test";
import { ESLint } from "eslint";

/** The project's own lint config must refuse a client component that takes a value from server/ or db/. */
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(code: string, filePath = "app/(dashboard)/forms/forms-view.tsx"): Promise<string[]> {
  const results = await eslint.lintText(code, { filePath });
  return results
    .flatMap((r) => r.messages)
    .filter((m) => m.ruleId === "formhouse/no-server-values-in-client")
    .map((m) => `${m.line}: ${m.message}`);
}

test("a client component may import types from server/ and db/, never values", async () => {
  const code = [
    `"use client";`,
    `import { db } from "@/db";`,
    `import type { Db } from "@/db";`,
    `import { type AppRouter } from "@/server/routers/app/router";`,
    `import { createContext } from "../../../server/trpc";`,
    `import { ELEMENT_TYPES } from "@/lib/forms/element-types";`,
    `export const used = [db, createContext, ELEMENT_TYPES];`,
    `export type Used = Db | AppRouter;`,
  ].join("\n");
  assert.deepEqual(await problems(code), [
    "2: A client component may import only types from db: move what the browser needs to lib/, or use `import type`.",
    "5: A client component may import only types from server/trpc: move what the browser needs to lib/, or use `import type`.",
  ]);
});

test("server components and route handlers import server values freely", async () => {
  assert.deepEqual(await problems(`import { db } from "@/db";\nexport const used = db;\n`, "app/(dashboard)/forms/page.tsx"), []);
});
