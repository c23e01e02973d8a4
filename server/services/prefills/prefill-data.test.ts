import { test } from "node:test";
import assert from "node:assert/strict";
import type { FormElement } from "@/db/schema";
import { ELEMENT_TYPES } from "@/lib/forms/element-types";
import { createPrefillDataValidator, PREFILL_DATA_ERRORS } from "./prefill-data";
import { nameElement, repeatElement } from "@/e2e/fixtures/elements";

const opts = (...ids: string[]) => ids.map((id) => ({ id: `opt_${id}`, label: id, value: id }));
const axis = (...ids: string[]) => ids.map((id) => ({ id, label: id }));

/** The contact form of the e2e fixtures, plus what it lacks: phones without selector and in a repeat-field, an unknown type. */
const ELEMENTS: FormElement[] = [
  nameElement("full_name", "Your name", { first_name: ["First name", true], last_name: ["Last name", true] }),
  { id: "email", label: "Email", type: "email", required: true },
  { id: "phone", label: "Phone", type: "phone", countrySelector: true },
  { id: "subject", label: "Subject", type: "short-text" },
  { id: "message", label: "Message", type: "long-text", required: true, maxLength: 2000 },
  { id: "employees", label: "Company size", type: "number" },
  { id: "callback_on", label: "Call me back on", type: "date" },
  { id: "source", label: "Source", type: "hidden" },
  { id: "topic", label: "Topic", type: "radio", options: opts("sales", "support", "other") },
  { id: "country", label: "Country", type: "dropdown", options: opts("de", "fr", "us") },
  { id: "products", label: "Products you use", type: "multiple-checkbox", options: opts("forms", "api", "webhooks") },
  { id: "mood", label: "How do you feel today?", type: "picture-checkbox", options: opts("happy", "meh") },
  { id: "priorities", label: "Rank what matters", type: "ranking", options: opts("price", "speed", "privacy") },
  {
    id: "satisfaction",
    label: "Rate us",
    type: "matrix",
    rows: axis("row_docs", "row_support"),
    columns: axis("col_bad", "col_ok", "col_great"),
  },
  repeatElement("colleagues", "Colleagues to contact", [
    { id: "colleague_name", label: "Name", type: "short-text", required: true },
    { id: "colleague_email", label: "Email", type: "email" },
  ]),
  {
    id: "postal_address",
    label: "Postal address",
    type: "address",
    children: ["street", "city", "zip", "country"].map((fixedname) => ({ fixedname, label: fixedname, required: false })),
  },
  { id: "home_phone", label: "Home phone", type: "phone" },
  { id: "office_phone", label: "Office phone", type: "phone", countrySelector: false },
  repeatElement("references", "References", [
    { id: "ref_name", label: "Name", type: "short-text" },
    { id: "ref_phone", label: "Phone", type: "phone", countrySelector: true },
    { id: "ref_kind", label: "Kind", type: "radio", options: opts("work", "personal") },
    { id: "ref_langs", label: "Languages", type: "multiple-checkbox", options: opts("en", "de") },
    {
      id: "ref_offices",
      label: "Offices",
      type: "repeat-field",
      components: [{ id: "office_number", label: "Number", type: "phone", countrySelector: true }],
    },
  ]),
  { id: "signature", label: "Sign here", type: "signature" },
];

const validate = createPrefillDataValidator(ELEMENTS);

/** The entries are refused with exactly this message. */
function rejects(entries: unknown[], message: string) {
  assert.throws(() => validate(entries), { name: "AppError", code: "BAD_REQUEST", status: 400, message });
}
/** One value for one element is refused with this message (the entry sits at index 1). */
function rejectsValue(id: string, value: unknown, message: string) {
  const first = id === "subject" ? "source" : "subject";
  rejects(
    [
      { id: first, value: "Hello" },
      { id, value },
    ],
    message.replaceAll("<n>", "1"),
  );
}
/** One value for one element is accepted and stored as given. */
function accepts(id: string, value: unknown) {
  assert.deepEqual(validate([{ id, value }]).data, [{ id, value }], `${id}: ${JSON.stringify(value)}`);
}

const FULL_PREFILL = [
  { id: "full_name", value: { first_name: "Ada", last_name: "Lovelace" } },
  { id: "email", value: "ada@example.com" },
  { id: "phone", value: "+44-2071234567" },
  { id: "subject", value: "Analytical engine" },
  { id: "message", value: "Can your forms compute Bernoulli numbers?" },
  { id: "employees", value: 3 },
  { id: "callback_on", value: "2024-06-03" },
  { id: "source", value: "newsletter" },
  { id: "topic", value: "opt_sales" },
  { id: "country", value: "opt_fr" },
  { id: "products", value: ["opt_forms", "opt_api"] },
  { id: "mood", value: "opt_happy" },
  { id: "priorities", value: ["opt_privacy", "opt_speed", "opt_price"] },
  { id: "satisfaction", value: { row_docs: { col_great: true }, row_support: { col_ok: "2" } } },
  {
    id: "colleagues",
    value: [{ colleague_name: "Charles Babbage", colleague_email: "charles@example.com" }, { colleague_name: "Mary Somerville" }],
  },
  { id: "postal_address", value: { street: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" } },
  { id: "home_phone", value: "020 7123 4567" },
  { id: "signature", value: "Ada L." },
];

// --- accepted -------------------------------------------------------------------------

test("a prefill for every element type is accepted and stored exactly as given", () => {
  const { data, resolved } = validate(FULL_PREFILL);
  assert.deepEqual(data, FULL_PREFILL);
  assert.deepEqual(resolved, {
    phone: { country: "GB", dialCode: "+44", number: "2071234567" },
    home_phone: { country: null, dialCode: null, number: "020 7123 4567" },
  });
  const covered = new Set(FULL_PREFILL.map((e) => ELEMENTS.find((el) => el.id === e.id)!.type));
  // Every type but file-upload, which takes no prefill (below).
  for (const type of ELEMENT_TYPES.filter((t) => t !== "file-upload")) assert.ok(covered.has(type), `${type} is covered`);
});

test("an empty prefill_data is accepted", () => {
  assert.deepEqual(validate([]), { data: [], resolved: {} });
});

test("entries keep their order and only id and value", () => {
  const { data } = validate([
    { id: "topic", value: "opt_other", label: "Topic" },
    { value: "Hi", id: "subject" },
  ]);
  assert.deepEqual(data, [
    { id: "topic", value: "opt_other" },
    { id: "subject", value: "Hi" },
  ]);
});

test("text-like fields take a string or a number", () => {
  for (const id of ["email", "subject", "message", "source", "signature"]) {
    for (const value of ["text", "", 42, -1.5]) accepts(id, value);
  }
});

test("a number field takes a number or a decimal string", () => {
  for (const value of [0, 12, -3.75, "42", "-12.5", "0.5"]) accepts("employees", value);
});

test("a date field takes YYYY-MM-DD or an ISO 8601 date-time", () => {
  for (const value of ["2024-06-03", "2024-02-29", "2024-06-03T10:00:00Z", "2024-06-03T10:00+02:00", "2024-06-03T10:00:00.123"]) {
    accepts("callback_on", value);
  }
});

test("choice fields take option ids; multi-select arrays may be empty or partial", () => {
  accepts("country", "opt_us");
  accepts("mood", "opt_meh");
  accepts("products", []);
  accepts("products", ["opt_webhooks"]);
  accepts("priorities", ["opt_speed"]);
});

test("matrix, name and address values may leave rows, cells and sub-fields out", () => {
  accepts("satisfaction", {});
  accepts("satisfaction", { row_docs: {} });
  accepts("satisfaction", { row_docs: { col_bad: 1, col_ok: false } });
  accepts("full_name", {});
  accepts("full_name", { last_name: "Hopper" });
  accepts("postal_address", { zip: 10115 });
});

test("a repeat-field takes rows keyed by component id, each value by its component's type", () => {
  accepts("colleagues", []);
  accepts("colleagues", [{}]);
  accepts("colleagues", [{ colleague_email: "a@example.com" }, { colleague_name: 7 }]);
});

test("phones with the country selector resolve country, dial code and local digits", () => {
  const cases: [string, object][] = [
    ["+44-2071234567", { country: "GB", dialCode: "+44", number: "2071234567" }],
    ["+442071234567", { country: "GB", dialCode: "+44", number: "2071234567" }],
    ["+1-5551234567", { country: "US", dialCode: "+1", number: "5551234567" }],
    ["+1 (555) 123-4567", { country: "US", dialCode: "+1", number: "5551234567" }],
    ["+353 1 234 5678", { country: "IE", dialCode: "+353", number: "12345678" }],
    ["+380-44-123-45-67", { country: "UA", dialCode: "+380", number: "441234567" }],
    ["+7 495 123-45-67", { country: "RU", dialCode: "+7", number: "4951234567" }],
    ["2071234567", { country: null, dialCode: null, number: "2071234567" }],
  ];
  for (const [value, phone] of cases) {
    assert.deepEqual(validate([{ id: "phone", value }]), { data: [{ id: "phone", value }], resolved: { phone } }, value);
  }
  // A number is local digits.
  assert.deepEqual(validate([{ id: "phone", value: 2071234567 }]).resolved, {
    phone: { country: null, dialCode: null, number: "2071234567" },
  });
});

test("phones without the country selector are kept as entered", () => {
  for (const value of ["+44-2071234567", " (020) 7123 4567 ", "+999", ""]) {
    assert.deepEqual(validate([{ id: "office_phone", value }]).resolved, {
      office_phone: { country: null, dialCode: null, number: value },
    });
  }
  assert.deepEqual(validate([{ id: "home_phone", value: 5551234 }]).resolved, {
    home_phone: { country: null, dialCode: null, number: "5551234" },
  });
});

test("phones inside a repeat-field resolve per row, aligned with the rows", () => {
  const value = [
    { ref_name: "Ann", ref_phone: "+49 30 1234567", ref_kind: "opt_work", ref_langs: ["opt_de"] },
    { ref_name: "Bob" },
    { ref_offices: [{ office_number: "+33-142345678" }, {}] },
  ];
  const { data, resolved } = validate([{ id: "references", value }]);
  assert.deepEqual(data, [{ id: "references", value }]);
  assert.deepEqual(resolved, {
    references: [
      { ref_phone: { country: "DE", dialCode: "+49", number: "301234567" } },
      {},
      { ref_offices: [{ office_number: { country: "FR", dialCode: "+33", number: "142345678" } }, {}] },
    ],
  });
});

test("a repeat-field without phone components resolves nothing", () => {
  assert.deepEqual(validate([{ id: "colleagues", value: [{ colleague_name: "Ann" }] }]).resolved, {});
});

test("one validator serves many arrays: nothing carries over between calls", () => {
  validate([{ id: "subject", value: "one" }]);
  assert.deepEqual(validate([{ id: "subject", value: "two" }]).data, [{ id: "subject", value: "two" }]);
});

// --- refused: the entry ---------------------------------------------------------------

test("an entry that is not an object is refused", () => {
  for (const entry of [null, "subject", 3, ["subject", "x"]]) {
    rejects([{ id: "subject", value: "a" }, entry], "prefill_data[1] must be an object with id and value");
  }
});

test("an entry without an id is refused (missing, null, empty or blank)", () => {
  for (const entry of [{ value: "x" }, { id: null, value: "x" }, { id: "", value: "x" }, { id: "   ", value: "x" }]) {
    rejects([entry], "prefill_data[0].id is required");
  }
});

test("an id that is not a string is refused", () => {
  rejects([{ id: 5, value: "x" }], "prefill_data[0].id must be a string");
  rejects([{ id: ["subject"], value: "x" }], "prefill_data[0].id must be a string");
});

test("an unknown element id is refused", () => {
  rejects(
    [
      { id: "subject", value: "a" },
      { id: "nope", value: "x" },
    ],
    "prefill_data[1].id 'nope' does not exist in this form",
  );
  rejects([{ id: "Subject", value: "x" }], "prefill_data[0].id 'Subject' does not exist in this form");
  // Options, fixednames and inherited object keys are not elements.
  rejects([{ id: "opt_sales", value: "x" }], "prefill_data[0].id 'opt_sales' does not exist in this form");
  rejects([{ id: "first_name", value: "x" }], "prefill_data[0].id 'first_name' does not exist in this form");
  rejects([{ id: "constructor", value: "x" }], "prefill_data[0].id 'constructor' does not exist in this form");
});

test("a repeat-field component at the top level does not exist (it is prefilled inside its repeat-field)", () => {
  rejects([{ id: "colleague_name", value: "Ann" }], "prefill_data[0].id 'colleague_name' does not exist in this form");
});

test("the same element twice is refused", () => {
  rejects(
    [
      { id: "subject", value: "a" },
      { id: "topic", value: "opt_sales" },
      { id: "subject", value: "b" },
    ],
    "prefill_data[2].id 'subject' is given twice (first at prefill_data[0])",
  );
});

test("an entry without a value is refused", () => {
  rejects([{ id: "subject" }], "prefill_data[0].value is required");
});

test("the first invalid entry is the one reported", () => {
  rejects(
    [
      { id: "subject", value: "ok" },
      { id: "topic", value: "opt_x" },
      { id: "nope", value: 1 },
    ],
    "prefill_data[1].value 'opt_x' is not an option of 'topic'",
  );
});

// --- refused: values by type ----------------------------------------------------------

test("text-like fields refuse anything but a string or a number", () => {
  const types: Record<string, string> = {
    email: "email",
    subject: "short-text",
    message: "long-text",
    source: "hidden",
    employees: "number",
    callback_on: "date",
    phone: "phone",
    home_phone: "phone",
    signature: "signature",
  };
  for (const [id, type] of Object.entries(types)) {
    for (const value of [null, true, ["a"], { a: 1 }])
      rejectsValue(id, value, `prefill_data[<n>].value must be a scalar for '${type}' field`);
  }
});

test("a number field refuses non-numeric text", () => {
  for (const value of ["abc", "", "12abc", " 42", "1,5", "0x10"]) {
    rejectsValue("employees", value, "prefill_data[<n>].value must be a number for 'number' field");
  }
});

test("a date field refuses what is not an ISO 8601 date", () => {
  for (const value of [
    "",
    "03/06/2024",
    "2023-02-29",
    "2024-13-01",
    "2024-06-31",
    "2024-06-03T25:00:00Z",
    "tomorrow",
    " 2024-06-03",
    20240603,
  ]) {
    rejectsValue("callback_on", value, "prefill_data[<n>].value must be an ISO 8601 date (YYYY-MM-DD or date-time) for 'date' field");
  }
});

test("a phone with the country selector refuses an unknown dial code", () => {
  rejectsValue("phone", "+999-1234567", "prefill_data[<n>].value has an unknown dial code '+999' for 'phone' field");
  rejectsValue("phone", "+3-1234567", "prefill_data[<n>].value has an unknown dial code '+3' for 'phone' field");
});

test("a phone with the country selector refuses a missing dial code or number", () => {
  rejectsValue("phone", "+ 44", "prefill_data[<n>].value has no number after the dial code '+44' for 'phone' field");
  rejectsValue("phone", "+", "prefill_data[<n>].value has no dial code after '+' for 'phone' field");
  rejectsValue("phone", "+44-", "prefill_data[<n>].value has no number after the dial code '+44' for 'phone' field");
  rejectsValue("phone", "", "prefill_data[<n>].value has no digits for 'phone' field");
  rejectsValue("phone", "n/a", "prefill_data[<n>].value has no digits for 'phone' field");
});

test("single-choice fields refuse labels, values, unknown ids and non-strings", () => {
  for (const [id, type] of [
    ["topic", "radio"],
    ["country", "dropdown"],
    ["mood", "picture-checkbox"],
  ] as const) {
    rejectsValue(id, "opt_x", `prefill_data[<n>].value 'opt_x' is not an option of '${id}'`);
    rejectsValue(id, 1, `prefill_data[<n>].value must be an option id string for '${type}' field`);
    for (const value of [null, false, ["opt_x"], { id: "opt_x" }])
      rejectsValue(id, value, `prefill_data[<n>].value must be a scalar for '${type}' field`);
  }
  rejectsValue("topic", "Sales", "prefill_data[<n>].value 'Sales' is not an option of 'topic'");
  rejectsValue("topic", "sales", "prefill_data[<n>].value 'sales' is not an option of 'topic'");
});

test("multi-select fields refuse non-arrays, unknown or repeated options", () => {
  for (const type of ["multiple-checkbox", "ranking"]) {
    const id = type === "ranking" ? "priorities" : "products";
    const ok = type === "ranking" ? "opt_speed" : "opt_api";
    for (const value of [ok, null, { 0: ok }]) rejectsValue(id, value, `prefill_data[<n>].value must be an array for '${type}' field`);
    rejectsValue(id, [ok, "opt_x"], `prefill_data[<n>].value[1] 'opt_x' is not an option of '${id}'`);
    rejectsValue(id, [ok, ok], `prefill_data[<n>].value[1] '${ok}' is listed twice`);
    rejectsValue(id, [ok, 2], `prefill_data[<n>].value[1] must be an option id string for '${type}' field`);
    rejectsValue(id, [null], `prefill_data[<n>].value[0] must be an option id string for '${type}' field`);
  }
});

test("a matrix refuses non-objects, unknown rows and columns, and non-scalar cells", () => {
  for (const value of ["row_docs", [], null, 3])
    rejectsValue("satisfaction", value, "prefill_data[<n>].value must be a hash for 'matrix' field");
  rejectsValue("satisfaction", { row_x: {} }, "prefill_data[<n>].value 'row_x' is not a row of 'satisfaction'");
  rejectsValue("satisfaction", { "row x": {} }, "prefill_data[<n>].value 'row x' is not a row of 'satisfaction'");
  for (const row of ["col_ok", ["col_ok"], null]) {
    rejectsValue(
      "satisfaction",
      { row_docs: row },
      "prefill_data[<n>].value.row_docs must be a hash keyed by column id for 'matrix' field",
    );
  }
  rejectsValue("satisfaction", { row_docs: { col_x: true } }, "prefill_data[<n>].value.row_docs 'col_x' is not a column of 'satisfaction'");
  for (const cell of [null, [1], { v: 1 }]) {
    rejectsValue(
      "satisfaction",
      { row_support: { col_great: cell } },
      "prefill_data[<n>].value.row_support.col_great must be a scalar (string, number or boolean) for 'matrix' field",
    );
  }
});

test("a repeat-field refuses non-arrays, non-object rows, unknown components and wrong component values", () => {
  for (const value of [{ colleague_name: "Ann" }, "Ann", null]) {
    rejectsValue("colleagues", value, "prefill_data[<n>].value must be an array for 'repeat-field'");
  }
  for (const row of ["Ann", ["Ann"], null]) {
    rejectsValue("colleagues", [{}, row], "prefill_data[<n>].value[1] must be a hash keyed by component id for 'repeat-field'");
  }
  rejectsValue("colleagues", [{ colleague_phone: "1" }], "prefill_data[<n>].value[0] 'colleague_phone' is not a component of 'colleagues'");
  rejectsValue("colleagues", [{ subject: "1" }], "prefill_data[<n>].value[0] 'subject' is not a component of 'colleagues'");
  rejectsValue(
    "colleagues",
    [{}, { colleague_name: ["Ann"] }],
    "prefill_data[<n>].value[1].colleague_name must be a scalar for 'short-text' field",
  );
  rejectsValue("references", [{ ref_kind: "Work" }], "prefill_data[<n>].value[0].ref_kind 'Work' is not an option of 'ref_kind'");
  rejectsValue(
    "references",
    [{ ref_langs: ["opt_en", "opt_xx"] }],
    "prefill_data[<n>].value[0].ref_langs[1] 'opt_xx' is not an option of 'ref_langs'",
  );
  rejectsValue(
    "references",
    [{ ref_phone: "+999 1" }],
    "prefill_data[<n>].value[0].ref_phone has an unknown dial code '+999' for 'phone' field",
  );
  rejectsValue(
    "references",
    [{ ref_offices: [{ office_number: "+" }] }],
    "prefill_data[<n>].value[0].ref_offices[0].office_number has no dial code after '+' for 'phone' field",
  );
  rejectsValue("references", [{ ref_offices: {} }], "prefill_data[<n>].value[0].ref_offices must be an array for 'repeat-field'");
});

test("name and address fields refuse non-objects, unknown sub-fields and non-scalar parts", () => {
  for (const [id, type] of [
    ["full_name", "name"],
    ["postal_address", "address"],
  ] as const) {
    for (const value of ["Ada Lovelace", ["Ada"], null])
      rejectsValue(id, value, `prefill_data[<n>].value must be a hash for '${type}' field`);
  }
  rejectsValue(
    "full_name",
    { first_name: "Ada", middle_name: "B" },
    "prefill_data[<n>].value 'middle_name' is not a sub-field of 'full_name'",
  );
  rejectsValue("postal_address", { city: { name: "London" } }, "prefill_data[<n>].value.city must be a scalar for 'address' field");
  rejectsValue("full_name", { first_name: null }, "prefill_data[<n>].value.first_name must be a scalar for 'name' field");
});

test("keys that are not plain identifiers are quoted in the path", () => {
  const validateOdd = createPrefillDataValidator([
    { id: "grid", label: "Grid", type: "matrix", rows: axis("row one"), columns: axis("col a") },
  ]);
  assert.throws(() => validateOdd([{ id: "grid", value: { "row one": { "col a": {} } } }]), {
    message: 'prefill_data[0].value["row one"]["col a"] must be a scalar (string, number or boolean) for \'matrix\' field',
  });
});

test("the documented message list is a Markdown list of prefill_data messages", () => {
  const lines = PREFILL_DATA_ERRORS.split("\n");
  assert.ok(lines.length > 20);
  for (const line of lines) assert.match(line, /^- `prefill_data\[<n>\]/);
});

test("a text longer than the survey takes for its field is refused; the limit itself is accepted", () => {
  // The element's own maxLength (message: 2,000), else 1,000 for text and 20,000 for long-text.
  accepts("message", "m".repeat(2000));
  rejectsValue("message", "m".repeat(2001), "prefill_data[<n>].value must be at most 2,000 characters for 'long-text' field");
  accepts("subject", "s".repeat(1000));
  rejectsValue("subject", "s".repeat(1001), "prefill_data[<n>].value must be at most 1,000 characters for 'short-text' field");
  rejectsValue("source", "h".repeat(100_000), "prefill_data[<n>].value must be at most 1,000 characters for 'hidden' field");
  rejectsValue("home_phone", "1".repeat(1001), "prefill_data[<n>].value must be at most 1,000 characters for 'phone' field");
  const long = createPrefillDataValidator([{ id: "essay", label: "Essay", type: "long-text" }]);
  assert.deepEqual(long([{ id: "essay", value: "e".repeat(20_000) }]).data, [{ id: "essay", value: "e".repeat(20_000) }]);
  assert.throws(() => long([{ id: "essay", value: "e".repeat(20_001) }]), {
    message: "prefill_data[0].value must be at most 20,000 characters for 'long-text' field",
  });
  // Parts of a name or address and matrix cells: 1,000, as the survey.
  rejectsValue(
    "full_name",
    { first_name: "x".repeat(1001) },
    "prefill_data[<n>].value.first_name must be at most 1,000 characters for 'name' field",
  );
  rejectsValue(
    "satisfaction",
    { row_docs: { col_ok: "x".repeat(1001) } },
    "prefill_data[<n>].value.row_docs.col_ok must be at most 1,000 characters for 'matrix' field",
  );
  // Inside a repeat-field, by the component's own type.
  rejectsValue(
    "colleagues",
    [{ colleague_name: "x".repeat(1001) }],
    "prefill_data[<n>].value[0].colleague_name must be at most 1,000 characters for 'short-text' field",
  );
  // Numbers are not texts: a long number still fails as a number would.
  accepts("employees", 12345678901234);
});

test("a file-upload field cannot be prefilled: its answers are the respondent's files", () => {
  const withFile = createPrefillDataValidator([{ id: "cv", label: "CV", type: "file-upload" }]);
  assert.throws(() => withFile([{ id: "cv", value: "cv.pdf" }]), /cannot be prefilled: a file-upload field takes the respondent's files/);
});
