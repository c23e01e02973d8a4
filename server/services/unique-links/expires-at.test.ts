import assert from "node:assert/strict";
import { test } from "node:test";
import { parseExpiresAt } from "./expires-at";

test("expires_at: ISO 8601 date-times keep their offset; no offset is UTC; a date is that day's start in UTC", () => {
  assert.equal(parseExpiresAt("2099-01-01T10:00:00+02:00")?.toISOString(), "2099-01-01T08:00:00.000Z");
  assert.equal(parseExpiresAt("2099-01-01T10:00:00Z")?.toISOString(), "2099-01-01T10:00:00.000Z");
  assert.equal(parseExpiresAt("2099-01-01T10:00")?.toISOString(), "2099-01-01T10:00:00.000Z");
  assert.equal(parseExpiresAt("2099-06-30")?.toISOString(), "2099-06-30T00:00:00.000Z");
});

test("expires_at: anything else is not a date", () => {
  for (const raw of ["", "tomorrow", "2099-02-30", "2099-13-01", "1767225600", "01/02/2099", "2099-01-01T25:00:00Z"]) {
    assert.equal(parseExpiresAt(raw), null, raw);
  }
});

test("expires_at: instants PostgreSQL cannot be sent (after year 9999 in UTC) are not dates; early years are read as written", () => {
  assert.equal(parseExpiresAt("9999-12-31T23:59:59-14:00"), null);
  assert.equal(parseExpiresAt("9999-12-31T23:00:00-01:00"), null);
  assert.equal(parseExpiresAt("9999-12-31T23:59:59Z")?.toISOString(), "9999-12-31T23:59:59.000Z");
  assert.equal(parseExpiresAt("0099-01-01")?.toISOString(), "0099-01-01T00:00:00.000Z");
});
