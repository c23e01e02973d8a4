import assert from "node:assert/strict";
import { test } from "node:test";
import { endOfLocalDay, entryNamesOf, localToday } from "./entry-names";

test("one entry name per line, trimmed, blank lines ignored", () => {
  assert.deepEqual(entryNamesOf("alice@example.com\n\n  bob \r\n\t\ncarol\r"), ["alice@example.com", "bob", "carol"]);
  assert.deepEqual(entryNamesOf("   \n\n"), []);
});

test("an expiry date ends at the last second of that day, local time", () => {
  const end = new Date(endOfLocalDay("2030-06-01"));
  assert.deepEqual([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()], [2030, 5, 1, 23, 59]);
});

test("today is the local calendar date", () => {
  assert.equal(localToday(new Date(2031, 0, 9, 0, 30)), "2031-01-09");
});
