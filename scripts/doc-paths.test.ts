import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";

/**
 * Docs and comments name files of this tree by their path from the root (`server/trpc.ts`,
 * `app/(dashboard)/…`): every such path must exist, so a move that forgets a reference fails
 * here instead of leaving a map that is no longer true.
 */
const TOP = ["app", "server", "lib", "db", "scripts", "e2e"];
const PATH = new RegExp(
  `(?<![\\w./@-])((?:${TOP.join("|")})/[\\w()\\[\\].@-]+(?:/[\\w()\\[\\].@-]+)*\\.(?:tsx|ts|mjs|sql|css|json|md))`,
  "g",
);
const READ = /\.(md|ts|tsx|mjs|css)$/;

function trackedFiles(): string[] {
  const out = spawnSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" });
  return out.stdout.split("\n").filter(Boolean);
}

test("every file path a doc or comment names exists", () => {
  const files = trackedFiles();
  const exists = new Set(files);
  const missing: string[] = [];
  for (const file of files.filter((f) => READ.test(f) && !f.startsWith("db/migrations/"))) {
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        for (const [, path] of line.matchAll(PATH)) if (!exists.has(path!)) missing.push(`${file}:${i + 1}: ${path}`);
      });
  }
  assert.deepEqual(missing, []);
  assert.ok(files.length > 500, "is the tree read?");
});
