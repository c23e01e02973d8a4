import assert from "node:assert/strict";
import { test } from "node:test";
import { copyName, MAX_FORM_NAME_LENGTH, ZFormName } from "./form-rules";

test("a duplicate is named 'Copy of <name>'", () => {
  assert.equal(copyName("Customer survey"), "Copy of Customer survey");
});

test("a duplicate's name is cut to the name rule's length, never inside a character", () => {
  assert.equal(copyName("x".repeat(200)), `Copy of ${"x".repeat(192)}`);
  // 😀 is two UTF-16 units: 96 of them fill 192 units exactly.
  const emoji = copyName("😀".repeat(100));
  assert.equal(emoji, `Copy of ${"😀".repeat(96)}`);
  assert.ok(emoji.length <= MAX_FORM_NAME_LENGTH);
  const odd = copyName(`a${"😀".repeat(100)}`);
  assert.equal(odd, `Copy of a${"😀".repeat(95)}`);
  assert.ok(ZFormName.safeParse(odd).success);
});

test("a form name is trimmed, required and at most 200 characters", () => {
  assert.equal(ZFormName.parse("  Survey  "), "Survey");
  const blank = ZFormName.safeParse("   ");
  assert.equal(blank.success, false);
  const long = ZFormName.safeParse("x".repeat(201));
  assert.equal(long.success, false);
  assert.match(long.error!.issues[0]!.message, /must be at most 200 characters$/);
});
