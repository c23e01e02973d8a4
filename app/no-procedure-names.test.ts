import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";

/**
 * What a person reads never names an internal procedure: an error shown as "Could not send a
 * test: … (webhooks.test)" tells a user nothing and a stranger how the server is built. The
 * dashboard's routers are the names to look for; a message that needs a subject names it in words.
 */
const ROUTERS = ["account", "forms", "submissions", "tokens", "webhooks", "mail", "connectedApps", "uniqueLinks", "prefills", "formMail"];
/** `… (webhooks.test)` closing a string or template: a name shown, not a call or a comment. */
const SHOWN_NAME = new RegExp(`\\s\\((?:${ROUTERS.join("|")})\\.[a-zA-Z]+\\)[\`"']`);

test("no page shows a procedure's name", () => {
  const files = spawnSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "app"], { encoding: "utf8" })
    .stdout.split("\n")
    .filter((f) => f.endsWith(".tsx"));
  assert.ok(files.length > 20);
  const found = files.flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, i) => (SHOWN_NAME.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
  assert.deepEqual(found, []);
});
