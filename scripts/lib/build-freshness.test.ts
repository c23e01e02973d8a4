import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { needsBuild } from "./build-freshness";

test("npm start builds when there is no build, or when any source folder (lib/ too) changed after it", () => {
  const root = mkdtempSync(path.join(tmpdir(), "formhouse-freshness-"));
  try {
    assert.equal(needsBuild(root, ".next"), true);
    const old = new Date(Date.now() - 60_000);
    for (const dir of ["app", "server", "lib", "db"]) {
      mkdirSync(path.join(root, dir));
      writeFileSync(path.join(root, dir, "x.ts"), "");
      utimesSync(path.join(root, dir, "x.ts"), old, old);
    }
    mkdirSync(path.join(root, ".next"));
    writeFileSync(path.join(root, ".next", "BUILD_ID"), "b");
    assert.equal(needsBuild(root, ".next"), false);
    writeFileSync(path.join(root, "lib", "x.ts"), "export {};");
    utimesSync(path.join(root, "lib", "x.ts"), new Date(), new Date(Date.now() + 1000));
    assert.equal(needsBuild(root, ".next"), true);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
