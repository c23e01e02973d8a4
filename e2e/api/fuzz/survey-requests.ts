import fc from "fast-check";
import {
  badBody,
  BUILT_IN_NAMES,
  dateText,
  encodeLoose,
  hostileJson,
  hostileKey,
  hostileString,
  JUNK_BODIES,
  mix,
  numberText,
  plainDate,
  plainNumber,
  RAW_ESCAPES,
  RAW_QUERY_JUNK,
} from "./arbitraries";

/**
 * Hostile requests for the survey routes, which have no OpenAPI document: `POST /f/<uuid>/submit`
 * and `POST /u/<id>/submit` with form-encoded, multipart and JSON bodies, `GET /f/<uuid>` and
 * `GET|HEAD /u/<id>` with hostile ids and query strings.
 *
 * One answer model per element, written two ways — form fields by the README's naming rules
 * (`<id>`, `<id>[0]`, `<id>.<sub>`, `<id>[<row>].<component>`) and JSON `data` — so plausible
 * requests get past the reading of the body into the validator and the store. Then the mutations
 * a form post can carry: wrong shapes (a list field as one value, a scalar posted twice, objects
 * where scalars go), hostile names and values, list intents, the reserved `_start` and
 * `_website`, huge values and field counts, broken encodings and multipart framing. `h` weighs
 * hostile values against plausible ones, as in arbitraries.ts.
 */

export type FuzzSurveyElement = {
  id: string;
  type: string;
  required?: boolean;
  options?: { id: string; value: string }[];
  rows?: { id: string }[];
  columns?: { id: string }[];
  components?: FuzzSurveyElement[];
  children?: { fixedname: string; required?: boolean }[];
};

/** What the seeded organization holds for the survey routes. */
export type SurveyWorld = {
  elements: FuzzSurveyElement[];
  /** The published form every plausible request goes to (303 answers point at its thank-you page). */
  formUuid: string;
  /** Path ids of `/f/…`, weighted by repetition: mostly the live form; others 404. */
  formIds: string[];
  /** Path ids of `/u/…`: open links (mostly), closed and unknown ones. */
  linkIds: string[];
  /** `?_prefill=` values: the form's own prefill, a link's, unknown ones. */
  prefillIds: string[];
  /** A start token the server issued for the form (a real `_start`). */
  startToken: string;
};

export type SurveyRoute = "form-submit" | "link-submit" | "form-page" | "link-page";
/** How a submit's body is written: what its answer must look like depends on it (survey-oracle.ts). */
export type FuzzBodyKind = "json" | "urlencoded" | "multipart" | "other";

export type SurveyRequest = {
  route: SurveyRoute;
  method: "GET" | "HEAD" | "POST";
  /** Path and query, encoded as sent. */
  target: string;
  body?: { data: Buffer; type: string | null; kind: FuzzBodyKind };
  /** Sent from the one address that is over the submit limit (429 pages), not from an address of its own. */
  busy: boolean;
};

type Pair = [string, string];
/** An element's answer as form fields and as its JSON `data` value. */
type Answer = { fields: Pair[]; json: unknown };

// --- values ----------------------------------------------------------------------------

const word = fc.stringMatching(/^[A-Za-z][a-z0-9 ]{0,15}$/);
const PHONES = ["+44 20 7123 4567", "+1-5551234", "+999 1", "+", "+44-", "020 7123 4567", "++44 1"];
const COUNTRIES = ["GB", "US", "DE", "ZZ", "", "gb", "\u0000"];
/** Strings long enough to pass every length limit, some past the 1 MB body limit once encoded. */
const longText = fc.constantFrom(1_001, 2_001, 20_001, 200_000).map((n) => "x".repeat(n));

const orHostile = (h: number, plausible: fc.Arbitrary<string>) =>
  mix(h, plausible, fc.oneof({ arbitrary: hostileString, weight: 8 }, { arbitrary: longText, weight: 1 }));

function textValue(el: FuzzSurveyElement, h: number): fc.Arbitrary<string> {
  switch (el.type) {
    case "email":
      return orHostile(
        h,
        word.map((w) => `${w.replace(/ /g, "")}@example.com`),
      );
    case "number":
      return orHostile(h, mix(h, plainNumber, numberText));
    case "date":
      return orHostile(h, mix(h, plainDate, dateText));
    case "phone":
      return orHostile(h, fc.constantFrom(...PHONES));
    default:
      return orHostile(h, word);
  }
}

const optionValue = (el: FuzzSurveyElement, h: number) =>
  orHostile(h, fc.constantFrom(...(el.options ?? [{ id: "x", value: "x" }]).map((o) => o.value)));

/** A plausible answer of one element, in both spellings. */
function answerOf(el: FuzzSurveyElement, h: number): fc.Arbitrary<Answer> {
  const id = el.id;
  switch (el.type) {
    case "radio":
    case "dropdown":
    case "picture-checkbox":
      return optionValue(el, h).map((v) => ({ fields: [[id, v]], json: v }));
    case "multiple-checkbox":
      return fc
        .tuple(fc.uniqueArray(optionValue(el, h), { maxLength: 3 }), fc.constantFrom("plain", "indexed", "brackets"))
        .map(([values, style]) => ({
          // Once per checked value, `<id>[i]` or `<id>[]`: all are the README's.
          fields: values.map((v, i): Pair => [style === "indexed" ? `${id}[${i}]` : style === "brackets" ? `${id}[]` : id, v]),
          json: values,
        }));
    case "ranking":
      return fc
        .shuffledSubarray(
          (el.options ?? []).map((o) => o.value),
          { minLength: (el.options ?? []).length },
        )
        .chain((order) => fc.tuple(...order.map((v) => orHostile(h, fc.constant(v)))))
        .map((values) => ({ fields: values.map((v, i): Pair => [`${id}[${i}]`, v]), json: values }));
    case "matrix": {
      const columns = (el.columns ?? []).map((c) => c.id);
      const cells = (el.rows ?? []).map((r) => fc.option(orHostile(h, fc.constantFrom(...columns)).map((c) => [r.id, c] as const)));
      return fc.tuple(...cells).map((chosen) => {
        const picked = chosen.filter((c) => c !== null);
        return {
          fields: picked.map(([row, col]): Pair => [`${id}.${row}`, col]),
          json: Object.fromEntries(picked.map(([row, col]) => [row, { [col]: true }])),
        };
      });
    }
    case "repeat-field": {
      const row = fc.tuple(...(el.components ?? []).map((c) => fc.option(answerOf(c, h), { freq: 3 })));
      return fc.array(row, { maxLength: 3 }).map((rows) => ({
        // A component's own fields are named by its id: in a row they go under `<id>[<row>].`.
        fields: rows.flatMap((parts, r) => parts.flatMap((a) => (a ? a.fields.map(([name, v]): Pair => [`${id}[${r}].${name}`, v]) : []))),
        json: rows.map((parts) => Object.fromEntries(parts.flatMap((a, i) => (a ? [[(el.components ?? [])[i]!.id, a.json]] : [])))),
      }));
    }
    case "name":
    case "address": {
      const parts = (el.children ?? []).map((c) =>
        fc.option(
          orHostile(h, word).map((v) => [c.fixedname, v] as const),
          { freq: c.required ? 20 : 2 },
        ),
      );
      return fc.tuple(...parts).map((given) => {
        const kept = given.filter((g) => g !== null);
        return { fields: kept.map(([sub, v]): Pair => [`${id}.${sub}`, v]), json: Object.fromEntries(kept) };
      });
    }
    case "phone":
      return fc.oneof(
        textValue(el, h).map((v): Answer => ({ fields: [[id, v]], json: v })),
        fc
          .tuple(
            orHostile(h, fc.constantFrom(...COUNTRIES)),
            orHostile(h, fc.constantFrom("20 7123 4567", "555 1234", "+44 20 7123 4567", "")),
          )
          .map(
            ([country, number]): Answer => ({
              fields: [
                [`${id}.country`, country],
                [`${id}.number`, number],
              ],
              json: `+44 ${number}`,
            }),
          ),
      );
    default:
      return textValue(el, h).map((v) => ({ fields: [[id, v]], json: v }));
  }
}

/** Answers to a whole form: required elements nearly always, the others half the time. */
function answersOf(elements: FuzzSurveyElement[], h: number): fc.Arbitrary<{ element: FuzzSurveyElement; answer: Answer }[]> {
  return fc
    .tuple(
      ...elements.map((el) =>
        fc.option(
          answerOf(el, h).map((answer) => ({ element: el, answer })),
          { freq: el.required ? 20 : 2 },
        ),
      ),
    )
    .map((all) => all.filter((a) => a !== null));
}

// --- form-field mutations --------------------------------------------------------------

/** The names an element can be reached by below its id: sub-fields, rows, components, phone parts. */
const subNames = (el: FuzzSurveyElement) => [
  ...(el.children ?? []).map((c) => c.fixedname),
  ...(el.rows ?? []).map((r) => r.id),
  ...(el.components ?? []).map((c) => c.id),
  ...(el.type === "phone" ? ["country", "number"] : []),
  "x",
];

/**
 * Field names of a wrong shape for an element, each a list of names posted with hostile or
 * plausible values: one value where a list goes, a value twice where one goes, an object where
 * a scalar goes, a list where an object goes, lists and objects mixed under one name.
 */
const WRONG_SHAPES: ((id: string, sub: string) => string[])[] = [
  (id) => [id],
  (id) => [id, id],
  (id) => [`${id}.x`],
  (id) => [`${id}[0]`],
  (id) => [`${id}[0].x`],
  (id) => [`${id}[0]`, id],
  (id) => [id, `${id}[0]`],
  (id) => [`${id}[1]`, `${id}[0].x`],
  (id, sub) => [`${id}.${sub}`, `${id}.${sub}`],
  (id, sub) => [`${id}.${sub}.x`],
  (id, sub) => [`${id}.${sub}[0]`],
  (id, sub) => [`${id}.${sub}`, id],
  (id, sub) => [`${id}[0].${sub}`, `${id}[0].${sub}`],
  (id, sub) => [`${id}[0].${sub}.x`],
  (id, sub) => [`${id}[0].${sub}[1]`],
  (id, sub) => [`${id}[2].${sub}`, `${id}[0]`],
  (id) => [`${id}.`, `${id}[]`, `${id}[`],
];

const INDEXES = ["999", "1000", "99999999999", "-1", "00", "1e3", "0x1", " 1", "", "1.5", "NaN"];
const INTENT_TYPES = ["insert", "remove", "reorder", "update", "validate", "reset", "__proto__", ""];

/** A hostile field name: built-in names, path syntax gone wrong, NUL, surrogates. */
const hostileName = fc.oneof(
  hostileKey,
  hostileString,
  fc.constantFrom(...BUILT_IN_NAMES.flatMap((n) => [n, `${n}.x`, `x.${n}`, `${n}[0]`, `x[0].${n}`])),
  fc.constantFrom(
    "[0]",
    ".",
    "..",
    "a..b",
    "a.[0]",
    "a[0]]",
    "a[[0]",
    "a[b]",
    "[",
    "]",
    "a.b.c.d.e.f.g",
    "_",
    "__",
    "__intent__.x",
    "_start[0]",
    "a\u0000.b",
  ),
  fc.constantFrom("a", "b").map((n) => `${n}${"[0]".repeat(70)}`),
);

/** `__intent__`: Conform's list changes aimed at every kind of field, with hostile payloads; junk too. */
function intentValue(world: SurveyWorld): fc.Arbitrary<string> {
  const target = fc.constantFrom(...world.elements).chain((el) =>
    fc.oneof(
      fc.constant(el.id),
      fc.constantFrom(...subNames(el)).map((s) => `${el.id}[0].${s}`),
      fc.constant(`${el.id}[0]`),
      fc.constantFrom(...subNames(el)).map((s) => `${el.id}.${s}`),
    ),
  );
  const index = fc.oneof(fc.integer({ min: -2, max: 5 }), fc.constantFrom(999, 1e9, -1e9, 1.5, NaN), hostileJson);
  const intent = fc.record(
    {
      type: fc.constantFrom(...INTENT_TYPES),
      payload: fc.record(
        {
          name: fc.oneof({ arbitrary: target, weight: 5 }, { arbitrary: hostileString, weight: 1 }),
          index,
          from: index,
          to: index,
          defaultValue: hostileJson,
          value: hostileJson,
        },
        { requiredKeys: ["name"] },
      ),
    },
    { requiredKeys: ["type"] },
  );
  return fc.oneof(
    { arbitrary: intent.map((i) => JSON.stringify(i)), weight: 6 },
    {
      arbitrary: fc.constantFrom("{not json", "null", "[]", '{"type":"insert"}', '{"type":"insert","payload":null}', '"insert"', "1"),
      weight: 1,
    },
    { arbitrary: hostileString, weight: 1 },
  );
}

type FieldMutation =
  | { kind: "wrongShape"; at: number; shape: number; sub: number; keep: boolean; values: string[] }
  | { kind: "name"; at: number; name: string }
  | { kind: "value"; at: number; value: string }
  | { kind: "index"; at: number; index: string }
  | { kind: "add"; name: string; value: string }
  | { kind: "repeat"; at: number }
  | { kind: "intent"; value: string }
  | { kind: "reserved"; name: string; value: string }
  | { kind: "many"; count: number; known: boolean };

function fieldMutation(world: SurveyWorld): fc.Arbitrary<FieldMutation> {
  const value = fc.oneof(
    { arbitrary: hostileString, weight: 4 },
    { arbitrary: word, weight: 2 },
    { arbitrary: dateText, weight: 1 },
    { arbitrary: numberText, weight: 1 },
  );
  const reservedValue = fc.oneof(
    fc.constant(world.startToken),
    hostileString,
    longText.map((t) => t.slice(0, 300)),
    fc.constantFrom("", "spam", `${world.startToken}\u0000`, world.startToken.replace(/\.\d+\./, ".0.")),
  );
  return fc.oneof(
    {
      arbitrary: fc.record({
        kind: fc.constant("wrongShape" as const),
        at: fc.nat(),
        shape: fc.nat(),
        sub: fc.nat(),
        keep: fc.boolean(),
        values: fc.array(value, { minLength: 3, maxLength: 3 }),
      }),
      weight: 10,
    },
    { arbitrary: fc.record({ kind: fc.constant("name" as const), at: fc.nat(), name: hostileName }), weight: 3 },
    { arbitrary: fc.record({ kind: fc.constant("value" as const), at: fc.nat(), value: fc.oneof(value, longText) }), weight: 4 },
    { arbitrary: fc.record({ kind: fc.constant("index" as const), at: fc.nat(), index: fc.constantFrom(...INDEXES) }), weight: 2 },
    { arbitrary: fc.record({ kind: fc.constant("add" as const), name: hostileName, value }), weight: 2 },
    { arbitrary: fc.record({ kind: fc.constant("repeat" as const), at: fc.nat() }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant("intent" as const), value: intentValue(world) }), weight: 4 },
    {
      arbitrary: fc.record({
        kind: fc.constant("reserved" as const),
        name: fc.constantFrom("_start", "_website", "__state__", "_start", "_website"),
        value: reservedValue,
      }),
      weight: 3,
    },
    {
      arbitrary: fc.record({ kind: fc.constant("many" as const), count: fc.constantFrom(101, 999, 3000), known: fc.boolean() }),
      weight: 1,
    },
  );
}

function mutateFields(fields: Pair[], m: FieldMutation, world: SurveyWorld): Pair[] {
  const out = [...fields];
  const at = (n: number) => n % Math.max(out.length, 1);
  switch (m.kind) {
    case "wrongShape": {
      const el = world.elements[m.at % world.elements.length]!;
      const subs = subNames(el);
      const names = WRONG_SHAPES[m.shape % WRONG_SHAPES.length]!(el.id, subs[m.sub % subs.length]!);
      const own = (name: string) => name === el.id || name.startsWith(`${el.id}.`) || name.startsWith(`${el.id}[`);
      return [
        ...(m.keep ? out : out.filter(([name]) => !own(name))),
        ...names.map((name, i): Pair => [name, m.values[i % m.values.length]!]),
      ];
    }
    case "name":
      if (!out.length) return [[m.name, "x"]];
      out[at(m.at)] = [m.name, out[at(m.at)]![1]];
      return out;
    case "value":
      if (!out.length) return [[world.elements[m.at % world.elements.length]!.id, m.value]];
      out[at(m.at)] = [out[at(m.at)]![0], m.value];
      return out;
    case "index": {
      const i = out.findIndex(([name]) => /\[\d+\]/.test(name));
      if (i < 0) return [...out, [`colleagues[${m.index}].colleague_name`, "x"]];
      out[i] = [out[i]![0].replace(/\[\d+\]/, `[${m.index}]`), out[i]![1]];
      return out;
    }
    case "add":
      return [...out, [m.name, m.value]];
    case "repeat":
      return out.length ? [...out, out[at(m.at)]!] : out;
    case "intent":
      return [...out, ["__intent__", m.value]];
    case "reserved":
      return [...out, [m.name, m.value]];
    case "many":
      return [...out, ...Array.from({ length: m.count }, (_, i): Pair => [m.known ? `colleagues[${i}].colleague_name` : `x${i}`, "1"])];
  }
}

// --- encodings -------------------------------------------------------------------------

/** UTF-8 bytes of a string, a lone surrogate written as its (invalid) three bytes, as encodeLoose does. */
export function utf8Loose(s: string): Buffer {
  return Buffer.from(
    encodeLoose(s).replace(/%([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  );
}

const RAW_FORM_JUNK = [...RAW_QUERY_JUNK, "%", "a=%", "=x", "&&", "a==b", "+", "%ED%A0%80%ED%B0%80=%F0%9F", "a=%C0%AF", "%FF%FE=%FF"];

function urlencoded(fields: Pair[], junk: string[]): Buffer {
  const pairs = fields.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`);
  // Junk goes anywhere among the pairs.
  junk.forEach((j, i) => pairs.splice((i * 7) % (pairs.length + 1), 0, j));
  return Buffer.from(pairs.join("&"), "latin1");
}

/** How a multipart body goes wrong, if it does. */
const MULTIPART_BREAKS = [
  "none",
  "none",
  "none",
  "none",
  "none",
  "none",
  "no-close",
  "wrong-boundary",
  "no-boundary-param",
  "empty-boundary",
  "quoted-boundary",
  "long-boundary",
  "lf-only",
  "preamble",
  "no-blank-line",
  "no-disposition",
  "file-part",
  "rfc5987-name",
  "truncated",
  "nul-in-headers",
  "nested-mixed",
  "only-close",
  "spaces-in-boundary",
] as const;
type MultipartBreak = (typeof MULTIPART_BREAKS)[number];

/** Field names as browsers escape them in a Content-Disposition header. */
const dispositionName = (name: string) => utf8Loose(name.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A"));

function multipart(fields: Pair[], brk: MultipartBreak, seed: number): { data: Buffer; type: string } {
  let boundary = `----formhouse-fuzz-${seed.toString(36)}`;
  if (brk === "long-boundary") boundary = "b".repeat(200);
  if (brk === "spaces-in-boundary") boundary = `a b ${seed}`;
  const eol = brk === "lf-only" ? "\n" : "\r\n";
  const parts: Buffer[] = [];
  if (brk === "preamble") parts.push(Buffer.from(`junk before the first boundary${eol}`));
  fields.forEach(([name, value], i) => {
    let headers = `Content-Disposition: form-data; name="${dispositionName(name).toString("latin1")}"`;
    if (brk === "no-disposition" && i === 0) headers = "Content-Type: text/plain";
    if (brk === "file-part" && i === 0) headers += `; filename="answers.txt"${eol}Content-Type: text/plain`;
    if (brk === "rfc5987-name" && i === 0) headers = `Content-Disposition: form-data; name*=UTF-8''${encodeLoose(name)}`;
    if (brk === "nul-in-headers" && i === 0) headers += "\u0000";
    const blank = brk === "no-blank-line" && i === 0 ? "" : eol;
    parts.push(Buffer.from(`--${boundary}${eol}${headers}${eol}${blank}`, "latin1"), utf8Loose(value), Buffer.from(eol));
  });
  if (brk === "nested-mixed")
    parts.push(
      Buffer.from(
        `--${boundary}${eol}Content-Type: multipart/mixed; boundary=inner${eol}${eol}--inner${eol}${eol}x${eol}--inner--${eol}${eol}`,
      ),
    );
  if (brk !== "no-close" && brk !== "truncated") parts.push(Buffer.from(`--${boundary}--${eol}`));
  let data = Buffer.concat(parts);
  if (brk === "only-close") data = Buffer.from(`--${boundary}--${eol}`);
  if (brk === "truncated") data = data.subarray(0, Math.max(0, data.length - 5));
  const param =
    brk === "wrong-boundary"
      ? "; boundary=other"
      : brk === "no-boundary-param"
        ? ""
        : brk === "empty-boundary"
          ? "; boundary="
          : brk === "quoted-boundary"
            ? `; boundary="${boundary}"`
            : `; boundary=${boundary}`;
  return { data, type: `multipart/form-data${param}` };
}

// --- JSON bodies -----------------------------------------------------------------------

type JsonMutation =
  | { kind: "leaf"; at: number; value: unknown }
  | { kind: "key"; key: string; value: unknown }
  | { kind: "envelope"; key: string; value: unknown }
  | { kind: "none" };

const jsonMutation: fc.Arbitrary<JsonMutation> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant("leaf" as const), at: fc.nat(), value: fc.oneof(hostileJson, hostileString, longText) }),
    weight: 6,
  },
  { arbitrary: fc.record({ kind: fc.constant("key" as const), key: hostileName, value: hostileJson }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant("envelope" as const),
      key: fc.constantFrom("duration", "_website", "data", "extra", "__proto__"),
      value: fc.oneof(hostileJson, fc.constantFrom(-1, 1.5, 2 ** 31, 1e308, "5", null, [], {})),
    }),
    weight: 2,
  },
  { arbitrary: fc.constant({ kind: "none" as const }), weight: 2 },
);

function jsonBody(data: Record<string, unknown>, m: JsonMutation, duration: number | null): Buffer {
  const body: Record<string, unknown> = { data: { ...data } };
  if (duration !== null) body.duration = duration;
  const d = body.data as Record<string, unknown>;
  const ids = Object.keys(d);
  if (m.kind === "leaf" && ids.length) d[ids[m.at % ids.length]!] = m.value;
  if (m.kind === "key") Object.defineProperty(d, m.key, { value: m.value, enumerable: true, configurable: true, writable: true });
  if (m.kind === "envelope") Object.defineProperty(body, m.key, { value: m.value, enumerable: true, configurable: true, writable: true });
  return Buffer.from(JSON.stringify(body) ?? "null");
}

// --- paths and queries -----------------------------------------------------------------

/** Encodes a path id as an attacker would send it; `.` and `..` (even as `%2E`) would be a step in the path, not an id. */
const encodeSegment = (s: string) => encodeLoose(/^\.{1,2}$/.test(s) ? `${s}x` : s);

function pathId(ids: string[], h: number): fc.Arbitrary<string> {
  const real = ids[0]!;
  const hostile = fc.oneof(
    { arbitrary: hostileString.map(encodeSegment), weight: 4 },
    {
      arbitrary: fc
        .constantFrom(
          real.toUpperCase(),
          real.replace(/-/g, ""),
          ` ${real}`,
          `${real}\n`,
          `${real}\u0000`,
          real.slice(0, -1),
          `${real}0`,
          `{${real}}`,
          "0",
          "-1",
          "null",
          "",
        )
        .map(encodeSegment),
      weight: 3,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...RAW_ESCAPES), fc.boolean())
        .map(([esc, before]) => (before ? `${esc}${real}` : `${real}${esc}`)),
      weight: 2,
    },
    { arbitrary: fc.constantFrom(201, 300, 2_000, 4_000).map((n) => "a".repeat(n)), weight: 1 },
  );
  return mix(h, fc.constantFrom(...ids).map(encodeSegment), hostile);
}

/**
 * The survey URL's own query: simple fields by element id, `_prefill`, junk. Path and query
 * stay well under Node's 16 KB limit on a request's head, which answers 431 before the app.
 */
function queryOf(world: SurveyWorld, h: number): fc.Arbitrary<string> {
  const simple = world.elements.filter(
    (e) => !["multiple-checkbox", "ranking", "matrix", "repeat-field", "name", "address"].includes(e.type),
  );
  const pair = fc.oneof(
    {
      arbitrary: fc
        .constantFrom(...simple)
        .chain((el) => fc.oneof(optionValue(el, h), textValue(el, h)).map((v): Pair => [el.id, v.slice(0, 1_500)])),
      weight: 4,
    },
    {
      arbitrary: mix(h, fc.constantFrom(...world.prefillIds), fc.oneof(hostileString, fc.constant("a".repeat(1_500)))).map(
        (v): Pair => ["_prefill", v],
      ),
      weight: 2,
    },
    { arbitrary: fc.tuple(hostileName, hostileString).map(([k, v]): Pair => [k, v]), weight: Math.max(h, 1) },
  );
  return fc
    .tuple(fc.array(pair, { maxLength: 4 }), fc.option(fc.constantFrom(...RAW_QUERY_JUNK, "%", "a=%ED%A0%80", "_prefill=%00")))
    .map(([pairs, junk]) => [...pairs.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`), ...(junk ? [junk] : [])].join("&"));
}

// --- requests --------------------------------------------------------------------------

const OTHER_TYPES = [
  "text/plain",
  "application/xml",
  "application/jsonx",
  "*/*",
  "multipart/mixed; boundary=x",
  "application/x-www-form-urlencodedx",
  "",
  "text/html; charset=utf-8",
];

type SubmitBody = { data: Buffer; type: string | null; kind: FuzzBodyKind };

function submitBody(world: SurveyWorld, h: number): fc.Arbitrary<SubmitBody> {
  const answers = answersOf(world.elements, h);
  const fields = fc.tuple(answers, fc.array(fieldMutation(world), { maxLength: h ? 3 : 1 })).map(([given, mutations]) =>
    mutations.reduce(
      (f, m) => mutateFields(f, m, world),
      given.flatMap((a) => a.answer.fields),
    ),
  );
  const form = fc.oneof(
    {
      arbitrary: fc.tuple(fields, fc.array(fc.constantFrom(...RAW_FORM_JUNK), { maxLength: h ? 2 : 0 })).map(
        ([f, junk]): SubmitBody => ({
          data: urlencoded(f, junk),
          type: "application/x-www-form-urlencoded",
          kind: "urlencoded",
        }),
      ),
      weight: 5,
    },
    {
      arbitrary: fc.tuple(fields, h ? fc.constantFrom(...MULTIPART_BREAKS) : fc.constant("none" as const), fc.nat()).map(
        ([f, brk, seed]): SubmitBody => ({
          ...multipart(f, brk, seed),
          kind: "multipart",
        }),
      ),
      weight: 3,
    },
  );
  const json = fc.tuple(answers, jsonMutation, fc.option(fc.integer({ min: 0, max: 600 }))).map(
    ([given, m, duration]): SubmitBody => ({
      data: jsonBody(Object.fromEntries(given.map((a) => [a.element.id, a.answer.json])), m, duration),
      type: "application/json",
      kind: "json",
    }),
  );
  const junkJson = fc.oneof(
    fc.constantFrom(...JUNK_BODIES).map((t): SubmitBody => ({ data: Buffer.from(t), type: "application/json", kind: "json" })),
    badBody.map(
      (b): SubmitBody =>
        b && "raw" in b ? { data: b.raw, type: b.type, kind: "json" } : { data: Buffer.alloc(0), type: "application/json", kind: "json" },
    ),
  );
  const other = fc.oneof(
    fc
      .tuple(fc.constantFrom(...OTHER_TYPES), fc.constantFrom("email=a@b.co", "{}", ""))
      .map(([type, text]): SubmitBody => ({ data: Buffer.from(text), type: type || null, kind: "other" })),
    // Over 1 MB: refused before it is read, whatever its type.
    fc.constantFrom("application/x-www-form-urlencoded", "multipart/form-data; boundary=x").map(
      (type): SubmitBody => ({
        data: Buffer.from(`subject=${"x".repeat(1024 * 1024)}`),
        type,
        kind: type.startsWith("multipart") ? "multipart" : "urlencoded",
      }),
    ),
  );
  return fc.oneof(
    { arbitrary: form, weight: 10 },
    { arbitrary: json, weight: 4 },
    { arbitrary: junkJson, weight: 1 },
    { arbitrary: other, weight: 1 },
  );
}

/** Plausible (h 0), one or two hostile spots (h 1), or hostile all over (h 10). */
const hostility = fc.oneof(
  { arbitrary: fc.constant(0), weight: 2 },
  { arbitrary: fc.constant(1), weight: 5 },
  { arbitrary: fc.constant(10), weight: 2 },
);

export function surveyRequest(world: SurveyWorld): fc.Arbitrary<SurveyRequest> {
  const busy = fc.integer({ min: 1, max: 10 }).map((n) => n === 1);
  const submit = (route: "form-submit" | "link-submit") =>
    hostility.chain((h) =>
      fc.record({ id: pathId(route === "form-submit" ? world.formIds : world.linkIds, h), body: submitBody(world, h), busy }).map(
        ({ id, body, busy }): SurveyRequest => ({
          route,
          method: "POST",
          target: `/${route === "form-submit" ? "f" : "u"}/${id}/submit`,
          body,
          busy,
        }),
      ),
    );
  const page = (route: "form-page" | "link-page") =>
    hostility.chain((h) =>
      fc
        .record({
          id: pathId(route === "form-page" ? world.formIds : world.linkIds, h),
          query: queryOf(world, h),
          method: route === "link-page" ? fc.constantFrom<"GET" | "HEAD">("GET", "GET", "HEAD") : fc.constant<"GET">("GET"),
        })
        .map(
          ({ id, query, method }): SurveyRequest => ({
            route,
            method,
            target: `/${route === "form-page" ? "f" : "u"}/${id}${query ? `?${query}` : ""}`,
            busy: false,
          }),
        ),
    );
  return fc
    .oneof(
      { arbitrary: submit("form-submit"), weight: 6 },
      { arbitrary: submit("link-submit"), weight: 3 },
      { arbitrary: page("form-page"), weight: 2 },
      { arbitrary: page("link-page"), weight: 2 },
    )
    .map((req) => Object.assign(req, { [fc.toStringMethod]: () => describeSurveyRequest(req) }));
}

export function describeSurveyRequest(req: SurveyRequest): string {
  const target = req.target.length > 300 ? `${req.target.slice(0, 300)}… (${req.target.length} characters)` : req.target;
  const body = req.body
    ? ` body (${req.body.type ?? "no content-type"}, ${req.body.data.length} bytes) ` +
      JSON.stringify(req.body.data.subarray(0, 600).toString("latin1"))
    : "";
  return `${req.method} ${target}${req.busy ? " (from the address over the limit)" : ""}${body}`;
}
