import assert from "node:assert/strict";
import { test } from "node:test";
import type { FormElement } from "@/db/schema";
import { formEventPayload, sampleSubmission } from "./form-payload";
import { choiceElement, matrixElement, nameElement } from "@/e2e/fixtures/elements";

const elements: FormElement[] = [
  nameElement("name", "Name", { first_name: ["First", true] }),
  { id: "mail", label: "Email", type: "email" },
  { id: "n", label: "Count", type: "number" },
  { id: "when", label: "Date", type: "date" },
  choiceElement("pick", "Pick", "dropdown", { o1: ["One", "one"], o2: ["Two", "two"] }),
  choiceElement("many", "Many", "multiple-checkbox", { o1: ["One", "one"] }),
  choiceElement("rank", "Rank", "ranking", { a: ["A", "a"], b: ["B", "b"] }),
  matrixElement("grid", "Grid", { r1: "R1" }, { c1: "C1" }),
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

test("fields reads by label throughout: a matrix by its rows' and columns' labels, a repeat field by its components'", () => {
  const at = new Date("2030-01-02T03:04:05.678Z");
  const grid = matrixElement("grid2", "Rate us", { row_docs: "Docs", row_support: "Support" }, { col_ok: "OK", col_great: "Great" });
  const payload = formEventPayload({
    event: "Submission.Created",
    eventId: "e-2",
    occurredAt: at,
    test: false,
    form: { id: 7, uuid: "f-uuid", name: "Form", elements: [...elements, grid] },
    submission: {
      id: "s-2",
      data: {
        grid: { r1: { c1: true } },
        grid2: { row_docs: { col_great: true }, row_support: { col_ok: "fine", gone: 1 } },
        rep: [{ who: "Ada" }, { who: "Grace" }],
      },
      spam: false,
      createdAt: at,
      updatedAt: at,
    },
  });
  assert.deepEqual(payload.submission.fields, {
    Grid: { R1: { C1: true } },
    People: [{ Who: "Ada" }, { Who: "Grace" }],
    "Rate us": { Docs: { Great: true }, Support: { OK: "fine", gone: 1 } },
  });
  // `data` stays keyed by ids, as v2 returns it.
  assert.deepEqual(payload.submission.data.grid2, { row_docs: { col_great: true }, row_support: { col_ok: "fine", gone: 1 } });
});
