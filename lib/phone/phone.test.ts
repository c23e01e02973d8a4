import { test } from "node:test";
import assert from "node:assert/strict";
import { countryOfDialCode, parsePhoneValue, type ResolvedPhone } from "./phone";

/** Parsed with the country selector on, to exactly this. */
function resolves(raw: string, phone: ResolvedPhone) {
  assert.deepEqual(parsePhoneValue(raw, true), { ok: true, phone });
}

test("a dial code and a hyphen resolve the country and keep the local digits", () => {
  resolves("+44-2071234567", { country: "GB", dialCode: "+44", number: "2071234567" });
});

test("the hyphen is optional: the longest known code wins", () => {
  resolves("+442071234567", { country: "GB", dialCode: "+44", number: "2071234567" });
  resolves("+3531234567", { country: "IE", dialCode: "+353", number: "1234567" });
  resolves("+380441234567", { country: "UA", dialCode: "+380", number: "441234567" });
  resolves("+31201234567", { country: "NL", dialCode: "+31", number: "201234567" });
});

test("three-digit codes resolve with a hyphen too", () => {
  resolves("+353-1-234-5678", { country: "IE", dialCode: "+353", number: "12345678" });
  resolves("+380-44-123-4567", { country: "UA", dialCode: "+380", number: "441234567" });
});

test("+1 is always the United States", () => {
  const us = { country: "US", dialCode: "+1", number: "5551234567" };
  for (const input of ["+1-5551234567", "+15551234567", "+1 (555) 123-4567"]) resolves(input, us);
  assert.equal(countryOfDialCode("1"), "US");
});

test("+7 is Russia (the main country of the code)", () => {
  for (const input of ["+7-4951234567", "+74951234567"]) resolves(input, { country: "RU", dialCode: "+7", number: "4951234567" });
});

test("whitespace anywhere and punctuation in the local number are removed", () => {
  resolves("  + 44 - 20 7123 4567 ", { country: "GB", dialCode: "+44", number: "2071234567" });
  resolves("+44\t(0)20.7123/4567", { country: "GB", dialCode: "+44", number: "02071234567" });
  resolves("+49 (30) 123-456-78", { country: "DE", dialCode: "+49", number: "3012345678" });
});

test("digits written before a hyphen are the dial code as written", () => {
  assert.deepEqual(parsePhoneValue("+12-3456789", true), { ok: false, problem: "unknown-dial-code", dialCode: "+12" });
  // More than three digits before the hyphen: the hyphen belongs to the local number.
  resolves("+1555-1234", { country: "US", dialCode: "+1", number: "5551234" });
});

test("an unknown dial code is reported as read", () => {
  assert.deepEqual(parsePhoneValue("+3-1234567", true), { ok: false, problem: "unknown-dial-code", dialCode: "+3" });
  assert.deepEqual(parsePhoneValue("+999123456", true), { ok: false, problem: "unknown-dial-code", dialCode: "+999" });
  assert.deepEqual(parsePhoneValue("+0201234567", true), { ok: false, problem: "unknown-dial-code", dialCode: "+020" });
  // Non-geographic codes have no country to select.
  assert.deepEqual(parsePhoneValue("+800-12345678", true), { ok: false, problem: "unknown-dial-code", dialCode: "+800" });
  assert.equal(countryOfDialCode("3"), null);
});

test("a + without digits, or a dial code without a number, is refused", () => {
  assert.deepEqual(parsePhoneValue("+", true), { ok: false, problem: "missing-dial-code" });
  assert.deepEqual(parsePhoneValue("+(44) 20 7123 4567", true), { ok: false, problem: "missing-dial-code" });
  assert.deepEqual(parsePhoneValue("+44-", true), { ok: false, problem: "empty-number", dialCode: "+44" });
  assert.deepEqual(parsePhoneValue("+44 ( ) -", true), { ok: false, problem: "empty-number", dialCode: "+44" });
});

test("without +, digits before a hyphen are part of the local number, not a dial code", () => {
  resolves("555-1234", { country: null, dialCode: null, number: "5551234" });
  resolves("212-555-1234", { country: null, dialCode: null, number: "2125551234" });
});

test("without + and dial code, the value is local digits with no country", () => {
  resolves("2071234567", { country: null, dialCode: null, number: "2071234567" });
  resolves("(555) 123 4567", { country: null, dialCode: null, number: "5551234567" });
  // A leading 0 is a national number, even before a hyphen.
  resolves("020-7123 4567", { country: null, dialCode: null, number: "02071234567" });
  assert.deepEqual(parsePhoneValue("", true), { ok: false, problem: "empty-number", dialCode: null });
  assert.deepEqual(parsePhoneValue("call me", true), { ok: false, problem: "empty-number", dialCode: null });
});

test("with the country selector off the value is kept exactly as entered", () => {
  for (const raw of ["2071234567", "+44-2071234567", " 020 7123 4567 ", "+999", ""]) {
    assert.deepEqual(parsePhoneValue(raw, false), { ok: true, phone: { country: null, dialCode: null, number: raw } });
  }
});
