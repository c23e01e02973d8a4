import { test } from "node:test";
import assert from "node:assert/strict";
import type { FormElement } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { FieldResolver } from "@/lib/filters/fields";
import { containmentDocs } from "./filter-sql";
import { parseDate, parseNumber } from "@/lib/values/values";
import { FILTER_TYPES, parseFilters, type Filter } from "@/lib/filters/filters";
import { choiceElement, fullNameElement, matrixElement } from "@/e2e/fixtures/elements";

const elements: FormElement[] = [
  { id: "q_text", label: "Your name", type: "short-text" },
  { id: "q_num", label: "Age", type: "number" },
  { id: "q_date", label: "Start date", type: "date" },
  choiceElement("q_color", "Colors", "multiple-checkbox", { o1: ["Red", "red"], o2: ["Blue", "blue"] }),
  fullNameElement,
  matrixElement("q_grid", "Grid", { r1: "R" }, { c1: "C" }),
  { id: "q_rep", label: "Items", type: "repeat-field", components: [{ id: "q_qty", label: "Qty", type: "number" }] },
  { id: "q_dup", label: "Your name", type: "long-text" },
  { id: "q_under", label: "a__b", type: "short-text" },
];
const fields = new FieldResolver(elements);

function badRequest(fn: () => unknown, message: string) {
  assert.throws(fn, (e: unknown) => {
    assert.ok(e instanceof AppError, `expected AppError, got ${String(e)}`);
    assert.equal(e.code, "BAD_REQUEST");
    assert.equal(e.message, message);
    return true;
  });
}

const one = (key: string, value: string): Filter => {
  const filters = parseFilters(fields, [[key, value]]);
  assert.equal(filters.length, 1);
  return filters[0]!;
};

test("a field is found by element id or exact label; the first of two equal labels wins", () => {
  const r = new FieldResolver(elements);
  assert.equal(r.resolve("q_num")?.elementId, "q_num");
  assert.equal(r.resolve("Age")?.elementId, "q_num");
  assert.equal(r.resolve("age"), undefined, "labels are case-sensitive");
  assert.equal(r.resolve("Your name")?.elementId, "q_text");
  assert.equal(r.resolve("q_dup")?.elementId, "q_dup");
});

test("name/address sub-fields are found by their own label, never by the composite's id or label", () => {
  const r = new FieldResolver(elements);
  assert.deepEqual(r.resolve("Last name")?.location, { at: "subfield", fixedname: "last" });
  assert.equal(r.resolve("Last name")?.elementId, "q_name");
  assert.equal(r.resolve("Full name"), undefined);
  assert.equal(r.resolve("q_name"), undefined);
});

test("repeat-field components are found by id and label; the value lives in every row", () => {
  const f = new FieldResolver(elements).resolve("Qty");
  assert.equal(f?.elementId, "q_rep");
  assert.deepEqual(f?.location, { at: "component", componentId: "q_qty" });
  assert.equal(f?.compareAs, "number");
});

test("field kinds and comparison modes follow the element type", () => {
  const r = new FieldResolver(elements);
  assert.equal(r.resolve("Age")?.compareAs, "number");
  assert.equal(r.resolve("Start date")?.compareAs, "date");
  assert.equal(r.resolve("Your name")?.compareAs, "infer");
  assert.equal(r.resolve("Colors")?.kind, "choice");
  assert.equal(r.resolve("Grid")?.kind, "structured");
  assert.equal(r.resolve("Items")?.kind, "structured");
});

test("there are exactly the 17 filter types of the spec, and each one parses", () => {
  assert.equal(FILTER_TYPES.length, 17);
  const values: Record<string, string> = { is_empty: "true", is_filled: "true", in_range: "1,2", is_in: "1,2", is_not_in: "1" };
  for (const type of FILTER_TYPES) {
    const field = ["before", "after", "on", "not_on"].includes(type) ? "Start date" : "Age";
    const f = one(`${field}__${type}`, values[type] ?? (field === "Age" ? "5" : "2024-01-01"));
    assert.equal(f.type, type);
  }
});

test("unknown fields are one 400 listing every name in the order given, without duplicates", () => {
  badRequest(
    () =>
      parseFilters(fields, [
        ["Foo__is_equal_to", "1"],
        ["Age__is_equal_to", "1"],
        ["Bar__contains", "x"],
        ["Foo__contains", "y"],
      ]),
    "Unknown filter field(s): Foo, Bar",
  );
});

test("a form with no elements rejects every filter field", () => {
  badRequest(() => parseFilters(new FieldResolver([]), [["anything__is_filled", "true"]]), "Unknown filter field(s): anything");
});

test("composite parent labels and ids are unknown fields", () => {
  badRequest(
    () =>
      parseFilters(fields, [
        ["Full name__is_equal_to", "Ann"],
        ["q_name__is_empty", "true"],
      ]),
    "Unknown filter field(s): Full name, q_name",
  );
});

test("an unknown filter type on a known field is a 400 listing the valid types", () => {
  badRequest(
    () => parseFilters(fields, [["Age__bigger_than", "1"]]),
    `Unknown filter type(s): Age__bigger_than. Valid filter types: ${FILTER_TYPES.join(", ")}`,
  );
});

test("unknown fields are reported before unknown filter types", () => {
  badRequest(
    () =>
      parseFilters(fields, [
        ["Age__nope", "1"],
        ["Nope__is_equal_to", "1"],
      ]),
    "Unknown filter field(s): Nope",
  );
});

test("bare field=value parameters are ignored, also a label that contains __", () => {
  assert.deepEqual(
    parseFilters(fields, [
      ["Age", "5"],
      ["utm_source", "x"],
      ["a__b", "1"],
    ]),
    [],
  );
  assert.equal(one("a__b__is_equal_to", "1").field.elementId, "q_under");
});

test("a repeated parameter is several filters", () => {
  const filters = parseFilters(fields, [
    ["Age__is_not_equal_to", "1"],
    ["Age__is_not_equal_to", "2"],
  ]);
  assert.equal(filters.length, 2);
});

test("numbers compare numerically on number fields; a non-number is a 400", () => {
  assert.deepEqual(one("Age__is_greater_than", " 9 ").condition, { op: "compare", cmp: ">", operand: { kind: "number", value: "9" } });
  badRequest(() => one("Age__is_less_than", "ten"), 'Age__is_less_than needs a number, got "ten"');
});

test("date fields compare as dates; other fields infer number or date from the value, else 400", () => {
  assert.deepEqual(one("Start date__is_greater_than", "2024-03-01").condition, {
    op: "compare",
    cmp: ">",
    operand: { kind: "date", value: "2024-03-01" },
  });
  badRequest(
    () => one("Start date__after", "2024-02-30"),
    'Start date__after needs a date (YYYY-MM-DD or ISO 8601 date-time), got "2024-02-30"',
  );
  assert.equal((one("Your name__is_less_than", "10").condition as { operand: { kind: string } }).operand.kind, "number");
  assert.equal((one("Your name__is_less_than", "2024-01-01").condition as { operand: { kind: string } }).operand.kind, "date");
  badRequest(
    () => one("Your name__is_less_than", "abc"),
    'Your name__is_less_than needs a number or a date (YYYY-MM-DD or ISO 8601 date-time), got "abc"',
  );
});

test("on / not_on compare calendar days; not_on is the complement", () => {
  const on = one("Start date__on", "2024-05-01T23:59:00+02:00");
  assert.deepEqual(on.condition, { op: "compare", cmp: "=", operand: { kind: "date", value: "2024-05-01" } });
  assert.equal(on.negate, false);
  assert.equal(one("Start date__not_on", "2024-05-01").negate, true);
});

test("is_empty / is_filled take true, false inverts, anything else is a 400", () => {
  assert.deepEqual([one("Age__is_empty", "true").negate, one("Age__is_empty", "FALSE").negate], [false, true]);
  assert.deepEqual([one("Age__is_filled", "true").negate, one("Age__is_filled", "false").negate], [true, false]);
  badRequest(() => one("Age__is_filled", "yes"), "Age__is_filled must be true or false");
});

test("is_in / is_not_in split on commas and trim; an empty list is a 400", () => {
  assert.deepEqual(one("Your name__is_in", " a, b ,,c").condition, { op: "equals", values: ["a", "b", "c"] });
  assert.equal(one("Your name__is_not_in", "a").negate, true);
  badRequest(() => one("Your name__is_in", " , "), "Your name__is_in needs a comma-separated list of values");
});

test("in_range needs min,max of one kind with min <= max", () => {
  assert.deepEqual(one("Age__in_range", "1,10").condition, {
    op: "range",
    min: { kind: "number", value: "1" },
    max: { kind: "number", value: "10" },
  });
  const usage = (v: string) => `Age__in_range needs "<min>,<max>" (two numbers or two dates), got "${v}"`;
  badRequest(() => one("Age__in_range", "1"), usage("1"));
  badRequest(() => one("Age__in_range", "1,2,3"), usage("1,2,3"));
  badRequest(() => one("Age__in_range", ",2"), usage(",2"));
  badRequest(() => one("Age__in_range", "a,b"), usage("a,b"));
  badRequest(
    () => one("Your name__in_range", "1,2024-01-01"),
    'Your name__in_range needs "<min>,<max>" (two numbers or two dates), got "1,2024-01-01"',
  );
  badRequest(() => one("Age__in_range", "10,9"), "Age__in_range: min must not be greater than max");
  assert.equal(one("Start date__in_range", "2024-01-01,2024-12-31").condition.op, "range");
});

test("in_range compares numbers exactly: bounds that differ beyond double precision keep their order", () => {
  badRequest(() => one("Age__in_range", "0.30000000000000001,0.3"), "Age__in_range: min must not be greater than max");
  assert.deepEqual(one("Age__in_range", "0.3,0.30000000000000001").condition, {
    op: "range",
    min: { kind: "number", value: "0.3" },
    max: { kind: "number", value: "0.30000000000000001" },
  });
  assert.equal(one("Age__in_range", "0.30,0.3").condition.op, "range");
  badRequest(
    () => one("Start date__in_range", "2024-01-02,2024-01-01T12:00:00Z"),
    "Start date__in_range: min must not be greater than max",
  );
});

test("date operands are years 0001–9999, also as an instant in UTC", () => {
  const hint = (p: string, v: string) => `${p} needs a date (YYYY-MM-DD or ISO 8601 date-time), got "${v}"`;
  badRequest(() => one("Start date__before", "9999-12-31T23:00:00-01:00"), hint("Start date__before", "9999-12-31T23:00:00-01:00"));
  badRequest(() => one("Start date__after", "0000-06-01"), hint("Start date__after", "0000-06-01"));
  assert.deepEqual(one("Start date__after", "0050-01-01").condition, {
    op: "compare",
    cmp: ">",
    operand: { kind: "date", value: "0050-01-01" },
  });
});

test("a filter value with a NUL character or an unpaired surrogate is a 400 naming the filter; ignored parameters stay ignored", () => {
  badRequest(() => one("Your name__contains", "a\u0000b"), "Your name__contains must not contain NUL characters");
  badRequest(() => one("Age__is_in", "1,\ud800"), "Age__is_in must not contain unpaired UTF-16 surrogates");
  assert.deepEqual(parseFilters(fields, [["Your name", "\u0000"]]), []);
});

test("choice filters accept the option value, label or id and match on the value", () => {
  assert.deepEqual(one("Colors__is_equal_to", "red").condition, { op: "equals", values: ["red"] });
  assert.deepEqual(one("Colors__is_equal_to", "Blue").condition, { op: "equals", values: ["blue"] });
  assert.deepEqual(one("Colors__is_in", "o1,Blue,green").condition, { op: "equals", values: ["red", "blue", "green"] });
});

test("matrix and repeat-field support only is_empty / is_filled", () => {
  badRequest(() => one("Grid__contains", "x"), "Grid__contains: contains is not supported on matrix fields; use is_empty or is_filled");
  badRequest(
    () => one("Items__is_equal_to", "x"),
    "Items__is_equal_to: is_equal_to is not supported on repeat-field fields; use is_empty or is_filled",
  );
  assert.equal(one("Items__is_filled", "true").condition.op, "empty");
});

test("parseNumber and parseDate accept only real numbers and calendar dates", () => {
  assert.deepEqual(parseNumber("-12.50"), { kind: "number", value: "-12.50" });
  for (const s of ["1e3", "12abc", "", "--1", "1.", ".5", "0x10"]) assert.equal(parseNumber(s), null, s);
  assert.deepEqual(parseDate("2024-02-29"), { kind: "date", value: "2024-02-29" });
  for (const s of ["2023-02-29", "2024-13-01", "2024-1-1", "yesterday", "2024-01-01T25:00Z"]) assert.equal(parseDate(s), null, s);
  const ts = parseDate("2024-01-02T03:04:05+02:00");
  assert.equal(ts?.kind === "timestamp" && ts.value.toISOString(), "2024-01-02T01:04:05.000Z");
  const naive = parseDate("2024-01-02 03:04");
  assert.equal(naive?.kind === "timestamp" && naive.value.toISOString(), "2024-01-02T03:04:00.000Z", "no offset counts as UTC");
});

test("equality is containment: string, number and boolean forms; arrays for choice fields; nested for sub-fields and components", () => {
  const r = new FieldResolver(elements);
  assert.deepEqual(containmentDocs(r.resolve("Age")!, "10"), ['{"q_num":"10"}', '{"q_num":10}']);
  assert.deepEqual(containmentDocs(r.resolve("Your name")!, "007"), ['{"q_text":"007"}']);
  assert.deepEqual(containmentDocs(r.resolve("Your name")!, "true"), ['{"q_text":"true"}', '{"q_text":true}']);
  assert.deepEqual(containmentDocs(r.resolve("Colors")!, "red"), ['{"q_color":"red"}', '{"q_color":["red"]}']);
  assert.deepEqual(containmentDocs(r.resolve("First name")!, 'A"n'), ['{"q_name":{"first":"A\\"n"}}']);
  assert.deepEqual(containmentDocs(r.resolve("Qty")!, "2"), ['{"q_rep":[{"q_qty":"2"}]}', '{"q_rep":[{"q_qty":2}]}']);
});

test("more than 50 filters is a 400", () => {
  const params = Array.from({ length: 51 }, () => ["Age__is_filled", "true"] as const);
  badRequest(() => parseFilters(fields, params), "too many filters (max 50)");
});
