import assert from "node:assert/strict";
import { test } from "node:test";
import { ANSWER_MESSAGES, summaryLine } from "./messages";

test("an error summary line reads as sentences whatever the label ends with", () => {
  assert.equal(summaryLine("How many seats?", ANSWER_MESSAGES.number), "How many seats? Enter a number, like 12 or 3.5");
  assert.equal(summaryLine("Company size", ANSWER_MESSAGES.number), "Company size: Enter a number, like 12 or 3.5");
  assert.equal(summaryLine("Your email:", ANSWER_MESSAGES.required), "Your email: This field is required");
  assert.equal(summaryLine("Tell us more! ", ANSWER_MESSAGES.required), "Tell us more! This field is required");
  assert.equal(summaryLine("Rate us.", ANSWER_MESSAGES.required), "Rate us. This field is required");
});
