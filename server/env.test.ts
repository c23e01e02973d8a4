import assert from "node:assert/strict";
import { test } from "node:test";
import { ConfigError, parseEnv } from "./env";

test("no variables at all is a valid configuration with the documented defaults", () => {
  const env = parseEnv({});
  assert.equal(env.PORT, 3000);
  assert.equal(env.APP_URL, "http://localhost:3000");
  assert.equal(env.API_RATE_LIMIT_MAX, 10);
  assert.equal(env.API_RATE_LIMIT_WINDOW_S, 60);
  assert.equal(env.OAUTH_ACCESS_TOKEN_TTL_S, 3600);
  assert.equal(env.OAUTH_REFRESH_GRACE_S, 60);
  assert.equal(env.CONNECTOR_RATE_LIMIT_MAX, 60);
  assert.equal(env.CONNECTOR_RATE_LIMIT_WINDOW_S, 60);
  assert.equal(env.DATABASE_URL, undefined);
});

test("APP_URL defaults to the port and loses a trailing slash", () => {
  assert.equal(parseEnv({ PORT: "8080" }).APP_URL, "http://localhost:8080");
  assert.equal(parseEnv({ APP_URL: "https://forms.example.com/" }).APP_URL, "https://forms.example.com");
});

test("empty values count as unset", () => {
  assert.equal(parseEnv({ PORT: "", DATABASE_URL: "" }).PORT, 3000);
});

test("a bad value fails fast naming the variable", () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: "abc" }, /PORT must be a number/],
    [{ DATABASE_URL: "not a url" }, /DATABASE_URL must be a postgres:\/\/ URL/],
    [{ APP_URL: "forms.example.com" }, /APP_URL must be an absolute URL/],
    [{ API_RATE_LIMIT_MAX: "0" }, /API_RATE_LIMIT_MAX must be a positive integer/],
    [{ API_RATE_LIMIT_WINDOW_S: "1.5" }, /API_RATE_LIMIT_WINDOW_S must be a positive integer/],
    [{ NEXTAUTH_SECRET: "short" }, /NEXTAUTH_SECRET must be at least 32 characters/],
    [{ OAUTH_ACCESS_TOKEN_TTL_S: "1h" }, /OAUTH_ACCESS_TOKEN_TTL_S must be a positive integer/],
    [{ OAUTH_REFRESH_GRACE_S: "-1" }, /OAUTH_REFRESH_GRACE_S must be a positive integer/],
    [{ CONNECTOR_RATE_LIMIT_MAX: "0" }, /CONNECTOR_RATE_LIMIT_MAX must be a positive integer/],
  ];
  for (const [vars, message] of cases) {
    assert.throws(() => parseEnv(vars), (e: unknown) => e instanceof ConfigError && message.test(e.message), JSON.stringify(vars));
  }
});
