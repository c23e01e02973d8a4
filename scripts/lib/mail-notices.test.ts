import assert from "node:assert/strict";
import { test } from "node:test";
import { parseEnv } from "../../server/env";
import { mailNotices } from "./mail-notices";

test("mail off: one line that says where messages are kept and how to reset a password without mail", () => {
  assert.deepEqual(mailNotices(parseEnv({ APP_URL: "https://forms.example.com" })), [
    "mail is off (SMTP_URL is not set): messages are kept in Settings → Mail (https://forms.example.com/settings/mail); " +
      "reset a password with npm run admin -- reset-link --email <address>",
  ]);
});

test("mail on: the server, its port and TLS mode and the From, never the login or the password", () => {
  const lines = mailNotices(
    parseEnv({ SMTP_URL: "smtp://forms%40example.com:s3cret-pass@mail.example.com", MAIL_FROM: "Forms <forms@example.com>" }),
  );
  assert.deepEqual(lines, [
    "mail goes through smtp://mail.example.com:587 (STARTTLS when offered, with a login), from Forms <forms@example.com>",
  ]);
  assert.deepEqual(mailNotices(parseEnv({ SMTP_URL: "smtps://mail.example.com", APP_URL: "https://forms.example.com" })), [
    "mail goes through smtps://mail.example.com:465 (TLS), from Formhouse <formhouse@forms.example.com>",
  ]);
  assert.doesNotMatch(lines.join("\n"), /s3cret|forms%40/);
});

test("SMTP_TLS_ALLOW_UNVERIFIED=true adds a warning", () => {
  const lines = mailNotices(parseEnv({ SMTP_URL: "smtps://mail.example.com", SMTP_TLS_ALLOW_UNVERIFIED: "true" }));
  assert.equal(lines[1], "warning: SMTP_TLS_ALLOW_UNVERIFIED is on: the mail server's certificate is not checked");
});
