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
  assert.equal(env.HOST, "127.0.0.1");
  assert.equal(env.TRUST_PROXY, 0);
  assert.equal(env.EMBEDDED_PG_PORT, undefined);
  assert.equal(env.LOG_LEVEL, "info");
  assert.equal(env.SUBMIT_RATE_LIMIT_MAX, 20);
  assert.equal(env.SUBMIT_RATE_LIMIT_WINDOW_S, 60);
});

test("survey submit limits parse like the others", () => {
  const env = parseEnv({ SUBMIT_RATE_LIMIT_MAX: "5", SUBMIT_RATE_LIMIT_WINDOW_S: "10" });
  assert.deepEqual([env.SUBMIT_RATE_LIMIT_MAX, env.SUBMIT_RATE_LIMIT_WINDOW_S], [5, 10]);
});

test("HOST takes an address or a host name to listen on", () => {
  for (const host of ["0.0.0.0", "::", "::1", "192.168.1.20", "localhost", "forms.internal"])
    assert.equal(parseEnv({ HOST: host }).HOST, host);
});

test("TRUST_PROXY is a number of trusted proxies: true is one, false is none", () => {
  assert.equal(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY, 1);
  assert.equal(parseEnv({ TRUST_PROXY: "TRUE" }).TRUST_PROXY, 1);
  assert.equal(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY, 0);
  assert.equal(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY, 2);
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

test("mail settings: off without SMTP_URL, certificates checked, the documented retry schedule, pool, retention and receipt caps", () => {
  const env = parseEnv({});
  assert.equal(env.SMTP_URL, undefined);
  assert.equal(env.MAIL_FROM, undefined);
  assert.equal(env.SMTP_CA_FILE, undefined);
  assert.equal(env.SMTP_TLS_ALLOW_UNVERIFIED, false);
  assert.deepEqual(env.MAIL_RETRY_SCHEDULE, [60, 300, 900, 3600, 10800, 21600, 43200, 43200, 43200]);
  assert.equal(env.MAIL_CONCURRENCY, 10);
  assert.equal(env.MAIL_LOG_RETENTION_DAYS, 30);
  assert.equal(env.AUDIT_RETENTION_DAYS, 365);
  assert.equal(env.MAIL_RECEIPTS_PER_FORM_PER_HOUR, 100);
  assert.equal(env.MAIL_RECEIPTS_PER_RECIPIENT_PER_DAY, 3);
  const set = parseEnv({
    SMTP_URL: "smtps://forms%40example.com:s3cret@mail.example.com:465",
    MAIL_FROM: "Forms <forms@example.com>",
    SMTP_CA_FILE: "certs/mail-ca.pem",
    SMTP_TLS_ALLOW_UNVERIFIED: "true",
    MAIL_RETRY_SCHEDULE: "1, 2",
  });
  assert.equal(set.SMTP_URL, "smtps://forms%40example.com:s3cret@mail.example.com:465");
  assert.equal(set.MAIL_FROM, "Forms <forms@example.com>");
  assert.equal(set.SMTP_CA_FILE, "certs/mail-ca.pem");
  assert.equal(set.SMTP_TLS_ALLOW_UNVERIFIED, true);
  assert.deepEqual(set.MAIL_RETRY_SCHEDULE, [1, 2]);
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
    [{ PORT: "abc" }, /^Invalid configuration: PORT must be a port number from 1 to 65535\.$/],
    [{ PORT: "70000" }, /^Invalid configuration: PORT must be a port number from 1 to 65535\.$/],
    [{ PORT: "0.5" }, /^Invalid configuration: PORT must be a port number from 1 to 65535\.$/],
    [{ EMBEDDED_PG_PORT: "-1" }, /^Invalid configuration: EMBEDDED_PG_PORT must be a port number from 1 to 65535\.$/],
    [{ HOST: "http://0.0.0.0" }, /^Invalid configuration: HOST must be an address to listen on/],
    [{ TRUST_PROXY: "yes" }, /^Invalid configuration: TRUST_PROXY must be true, false or the number of proxies/],
    [{ LOG_LEVEL: "verbose" }, /^Invalid configuration: LOG_LEVEL must be one of debug, info, warn, error\.$/],
    [{ DATABASE_URL: "not a url" }, /DATABASE_URL must be a postgres:\/\/ URL/],
    [{ APP_URL: "forms.example.com" }, /APP_URL must be an absolute URL/],
    [{ API_RATE_LIMIT_MAX: "0" }, /API_RATE_LIMIT_MAX must be a positive integer/],
    [{ API_RATE_LIMIT_WINDOW_S: "1.5" }, /API_RATE_LIMIT_WINDOW_S must be a positive integer/],
    [{ NEXTAUTH_SECRET: "short" }, /NEXTAUTH_SECRET must be at least 32 characters/],
    [{ SUBMIT_RATE_LIMIT_MAX: "-1" }, /SUBMIT_RATE_LIMIT_MAX must be a positive integer/],
    [{ SUBMIT_RATE_LIMIT_WINDOW_S: "x" }, /SUBMIT_RATE_LIMIT_WINDOW_S must be a positive integer/],
    [{ OAUTH_ACCESS_TOKEN_TTL_S: "1h" }, /OAUTH_ACCESS_TOKEN_TTL_S must be a positive integer/],
    [{ OAUTH_REFRESH_GRACE_S: "-1" }, /OAUTH_REFRESH_GRACE_S must be a positive integer/],
    [{ CONNECTOR_RATE_LIMIT_MAX: "0" }, /CONNECTOR_RATE_LIMIT_MAX must be a positive integer/],
    [{ WEBHOOK_WORKER: "maybe" }, /WEBHOOK_WORKER must be on or off/],
    [{ WEBHOOK_ALLOW_PRIVATE_TARGETS: "sure" }, /WEBHOOK_ALLOW_PRIVATE_TARGETS must be true or false/],
    [{ WEBHOOK_RETRY_SCHEDULE: "5,5m" }, /WEBHOOK_RETRY_SCHEDULE must be seconds separated by commas/],
    [{ WEBHOOK_RETRY_SCHEDULE: "5,0" }, /WEBHOOK_RETRY_SCHEDULE steps must be greater than 0/],
    [{ WEBHOOK_CONCURRENCY: "0" }, /WEBHOOK_CONCURRENCY must be a positive integer/],
    [{ WEBHOOK_ENDPOINT_CONCURRENCY: "x" }, /WEBHOOK_ENDPOINT_CONCURRENCY must be a positive integer/],
    [{ SMTP_URL: "mail.example.com:587" }, /^Invalid configuration: SMTP_URL must be smtp:\/\/user:password@host:587 or smtps:/],
    [{ SMTP_URL: "https://mail.example.com" }, /^Invalid configuration: SMTP_URL must be smtp:\/\/user:password@host:587 or smtps:/],
    [{ MAIL_FROM: "Formhouse" }, /^Invalid configuration: MAIL_FROM must be an address such as Formhouse <forms@example\.com>\.$/],
    [{ MAIL_FROM: "a@example.com\r\nBcc: b@example.com" }, /MAIL_FROM must be an address/],
    [{ SMTP_TLS_ALLOW_UNVERIFIED: "yes please" }, /SMTP_TLS_ALLOW_UNVERIFIED must be true or false/],
    [{ MAIL_RETRY_SCHEDULE: "1m" }, /MAIL_RETRY_SCHEDULE must be seconds separated by commas/],
    [{ MAIL_CONCURRENCY: "0" }, /MAIL_CONCURRENCY must be a positive integer/],
    [{ MAIL_LOG_RETENTION_DAYS: "x" }, /MAIL_LOG_RETENTION_DAYS must be a positive integer/],
    [{ AUDIT_RETENTION_DAYS: "0" }, /AUDIT_RETENTION_DAYS must be a positive integer/],
    [{ MAIL_RECEIPTS_PER_FORM_PER_HOUR: "-1" }, /MAIL_RECEIPTS_PER_FORM_PER_HOUR must be a positive integer/],
    [{ MAIL_RECEIPTS_PER_RECIPIENT_PER_DAY: "1.5" }, /MAIL_RECEIPTS_PER_RECIPIENT_PER_DAY must be a positive integer/],
  ];
  for (const [vars, message] of cases) {
    assert.throws(
      () => parseEnv(vars),
      (e: unknown) => e instanceof ConfigError && message.test(e.message),
      JSON.stringify(vars),
    );
  }
});

test("several bad values give one sentence each, one per line", () => {
  assert.throws(
    () => parseEnv({ PORT: "70000", TRUST_PROXY: "maybe" }),
    (e: unknown) =>
      e instanceof ConfigError &&
      e.message ===
        "Invalid configuration: PORT must be a port number from 1 to 65535.\n" +
          "Invalid configuration: TRUST_PROXY must be true, false or the number of proxies in front of Formhouse.",
  );
});
