import assert from "node:assert/strict";
import { test } from "node:test";
import { compareDecimals, parseDate, parseNumber } from "./values";

const instant = (raw: string) => {
  const op = parseDate(raw);
  return op?.kind === "timestamp" ? op.value.toISOString() : op;
};

test("years 0001–0099 are those years, not 19xx", () => {
  assert.deepEqual(parseDate("0001-01-01"), { kind: "date", value: "0001-01-01" });
  assert.deepEqual(parseDate("0050-02-28"), { kind: "date", value: "0050-02-28" });
  assert.deepEqual(parseDate("0099-12-31"), { kind: "date", value: "0099-12-31" });
  assert.equal(instant("0050-06-15T12:00:00Z"), "0050-06-15T12:00:00.000Z");
  assert.equal(instant("0001-01-01T00:00:00Z"), "0001-01-01T00:00:00.000Z");
  // Leap years of the first century follow the Gregorian rule (0004 is one, 0100 is not).
  assert.deepEqual(parseDate("0004-02-29"), { kind: "date", value: "0004-02-29" });
  assert.equal(parseDate("0100-02-29"), null);
});

test("year 0000 and instants outside 0001–9999 in UTC are refused", () => {
  for (const raw of [
    "0000-01-01",
    "0000-12-31T23:00:00Z",
    "0001-01-01T00:30:00+01:00", // 0000-12-31T23:30Z
    "9999-12-31T23:00:00-01:00", // 10000-01-01T00:00Z
    "9999-12-31T23:59:59-14:00",
    "10000-01-01",
  ]) {
    assert.equal(parseDate(raw), null, raw);
  }
});

test("the last instant of year 9999 and the first of year 0001 are accepted", () => {
  assert.equal(instant("9999-12-31T23:59:59.999Z"), "9999-12-31T23:59:59.999Z");
  assert.equal(instant("9999-12-31T23:59:59+14:00"), "9999-12-31T09:59:59.000Z");
  assert.equal(instant("0001-01-01T10:00:00+10:00"), "0001-01-01T00:00:00.000Z");
  assert.deepEqual(parseDate("9999-12-31"), { kind: "date", value: "9999-12-31" });
});

test("numbers: decimal text only", () => {
  assert.deepEqual(parseNumber(" -12.5 "), { kind: "number", value: "-12.5" });
  for (const raw of ["1e3", "0x10", "", "-", "1.", ".5", "NaN", "Infinity"]) assert.equal(parseNumber(raw), null, raw);
});

test("decimals compare exactly, beyond double precision", () => {
  assert.equal(compareDecimals("0.30000000000000001", "0.3"), 1);
  assert.equal(compareDecimals("0.3", "0.30000000000000001"), -1);
  assert.equal(compareDecimals("0.30", "0.3"), 0);
  assert.equal(compareDecimals("-0", "0"), 0);
  assert.equal(compareDecimals("-0.0", "0.000"), 0);
  assert.equal(compareDecimals("007", "7"), 0);
  assert.equal(compareDecimals("-2", "-10"), 1);
  assert.equal(compareDecimals("-10.5", "-10.25"), -1);
  assert.equal(compareDecimals("9007199254740993", "9007199254740992"), 1);
  assert.equal(compareDecimals("10", "9.99999999999999999999"), 1);
  assert.equal(compareDecimals("-1", "0.5"), -1);
});
