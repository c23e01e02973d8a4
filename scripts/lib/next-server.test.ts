import assert from "node:assert/strict";
import { test } from "node:test";
import { nextBuildEnv } from "./next-server";

test("the build inside npm start runs in production mode with telemetry off, whatever the caller's environment", () => {
  const env = nextBuildEnv({
    PATH: "/usr/bin",
    NODE_ENV: "development",
    NEXT_TELEMETRY_DISABLED: "0",
    APP_URL: "https://forms.example.com",
  });
  assert.deepEqual(env, { PATH: "/usr/bin", NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", APP_URL: "https://forms.example.com" });
});
