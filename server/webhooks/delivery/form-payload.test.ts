import assert from "node:assert/strict";
import { test } from "node:test";
import type { FormElement } from "@/db/schema";
import { formEventPayload, sampleSubmission } from "./form-payload";

const elements: FormElement[] = [
  { id: "name", label: "Name", type: "name", children: [{ fixedname: "first_name", label: "First", required: true }] },
  { id: "mail", label: "Email", type: "email" },
  { id: "n", label: "Count", type: "number" },
  { id: "when", label: "Date", type: "date" },
  {
    id: "pick",
    label: "Pick",
    type: "dropdown",
    options: [
      { id: "o1", label: "One", value: "one" },
      { id: "o2", label: "Two", value: "two" },
    ],
  },
  { id: "many", label: "Many", type: "multiple-checkbox", options: [{ id: "o1", label: "One", value: "one" }] },
  {
    id: "rank",
    label: "Rank",
    type: "ranking",
    options: [
      { id: "a", label: "A", value: "a" },
      { id: "b", label: "B", value: "b" },
    ],
  },
  { id: "grid", label: "Grid", type: "matrix", rows: [{ id: "r1", label: "R1" }], columns: [{ id: "c1", label: "C1" }] },
  { id: "rep", label: "People", type: "repeat-field", components: [{ id: "who", label: "Who", type: "short-text" }] },
  { id: "odd", label: "Odd", type: "statement" },
];

test("a sample submission has one plausible value per element that holds a value", () => {
  const now = new Date("2030-05-06T07:08:09Z");
  const s = sampleSubmission({ elements }, now);
  assert.match(s.id, /^[0-9a-f-]{36}$/);
  assert.deepEqual(s.data, {
    name: { first_name: "Sample First" },
    mail: "jane.doe@example.com",
    n: 42,
    when: "2030-05-06",
    pick: "one",
    many: ["one"],
    rank: ["a", "b"],
    grid: { r1: { c1: true } },
    rep: [{ who: "Sample answer" }],
  });
  assert.equal(s.spam, false);
  assert.equal(s.createdAt, now);
});

test("the payload: event, ids, times, the form, and the submission by element id and by label, in that order", () => {
  const at = new Date("2030-01-02T03:04:05.678Z");
  const payload = formEventPayload({
    event: "Submission.Deleted",
    eventId: "e-1",
    occurredAt: at,
    test: false,
    form: { id: 7, uuid: "f-uuid", name: "Form", elements },
    submission: { id: "s-1", data: { mail: "a@b.c", gone: 1 }, spam: false, createdAt: at, updatedAt: at },
  });
  assert.equal(
    JSON.stringify(payload),
    JSON.stringify({
      event: "Submission.Deleted",
      eventId: "e-1",
      createdAt: "2030-01-02T03:04:05.678Z",
      test: false,
      form: { id: 7, uuid: "f-uuid", name: "Form" },
      submission: {
        id: "s-1",
        formId: "f-uuid",
        createdAt: "2030-01-02T03:04:05.678Z",
        updatedAt: "2030-01-02T03:04:05.678Z",
        spam: false,
        data: { mail: "a@b.c", gone: 1 },
        fields: { Email: "a@b.c", gone: 1 },
      },
    }),
  );
});
