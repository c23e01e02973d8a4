import assert from "node:assert/strict";
import { test } from "node:test";
import { ConfigError, parseEnv } from "./env";

test("no variables at all is a valid configuration with the documented defaults", () => {
  const env = parseEnv({});
  assert.equal(env.PORT, 3000);
  assert.equal(env.APP_URL, "http://localhost:3000");
  assert.equal(env.API_RATE_LIMIT_MAX, 10);
  assert.equal(env.API_RATE_LIMIT_WINDOW_S, 60);
  assert.equal(env.DATABASE_URL, undefined);
});

test("webhook settings: worker on, public targets only, the documented retry schedule and pool sizes", () => {
  const env = parseEnv({});
  assert.equal(env.WEBHOOK_WORKER, "on");
  assert.equal(env.WEBHOOK_ALLOW_PRIVATE_TARGETS, false);
  assert.deepEqual(env.WEBHOOK_RETRY_SCHEDULE, [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
  assert.equal(env.WEBHOOK_CONCURRENCY, 50);
  assert.equal(env.WEBHOOK_ENDPOINT_CONCURRENCY, 5);
  const set = parseEnv({ WEBHOOK_WORKER: "off", WEBHOOK_ALLOW_PRIVATE_TARGETS: "true", WEBHOOK_RETRY_SCHEDULE: " 0.5, 1,2 " });
  assert.equal(set.WEBHOOK_WORKER, "off");
  assert.equal(set.WEBHOOK_ALLOW_PRIVATE_TARGETS, true);
  assert.deepEqual(set.WEBHOOK_RETRY_SCHEDULE, [0.5, 1, 2]);
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
    [{ WEBHOOK_WORKER: "maybe" }, /WEBHOOK_WORKER must be on or off/],
    [{ WEBHOOK_ALLOW_PRIVATE_TARGETS: "sure" }, /WEBHOOK_ALLOW_PRIVATE_TARGETS must be true or false/],
    [{ WEBHOOK_RETRY_SCHEDULE: "5,5m" }, /WEBHOOK_RETRY_SCHEDULE must be seconds separated by commas/],
    [{ WEBHOOK_RETRY_SCHEDULE: "5,0" }, /WEBHOOK_RETRY_SCHEDULE steps must be greater than 0/],
    [{ WEBHOOK_CONCURRENCY: "0" }, /WEBHOOK_CONCURRENCY must be a positive integer/],
    [{ WEBHOOK_ENDPOINT_CONCURRENCY: "x" }, /WEBHOOK_ENDPOINT_CONCURRENCY must be a positive integer/],
  ];
  for (const [vars, message] of cases) {
    assert.throws(() => parseEnv(vars), (e: unknown) => e instanceof ConfigError && message.test(e.message), JSON.stringify(vars));
  }
});
