import fc from "fast-check";
import { FILTER_TYPES } from "@/lib/filters/filters";
import type { Operation, Schema } from "./operations";

/**
 * Hostile requests for an operation of an OpenAPI document: strings (NUL, lone surrogates,
 * any code point, injection text), numbers and dates past every limit, broken encodings,
 * deep nesting and bodies, mixed with plausible values (the seeded form's ids and fields) so
 * requests also get past validation into the services.
 *
 * `h` is how hostile one request is: each value is hostile with weight h against 10 for a
 * plausible one. 0 gives valid-looking requests; small h gives requests valid but for one or
 * two spots, which is what reaches the database with a bad value; large h breaks everything.
 */

/** What the seeded organization holds, for plausible values. */
export type World = {
  /**
   * Ids by the collection a path names them under (`forms`, `prefills`, …; own and foreign),
   * so `/forms/{form_uuid}/prefills/{id}` gets a form ref, then a prefill id.
   */
  ids: Record<string, string[]>;
  /** Filterable names of the seeded form: element ids and labels, sub-field and component labels. */
  fields: string[];
  /** The fields whose values are numbers or dates, by name (the rest take either). */
  kinds: Record<string, "number" | "date">;
  /** Top-level elements of the seeded form, for prefill_data. */
  elements: Element[];
};
export type Element = {
  id: string;
  type: string;
  options?: { id: string }[];
  rows?: { id: string }[];
  columns?: { id: string }[];
  components?: Element[];
  children?: { fixedname: string }[];
};

export type TokenMode = "valid" | "noScope" | "none" | "empty" | "malformed" | "unknown" | "revoked" | "otherKind";

export type FuzzRequest = {
  op: Operation;
  token: { mode: TokenMode; text: string };
  /** Path and query after the surface's base path, encoded as sent. */
  target: string;
  body?: { data: Buffer; type: string | null };
};

// --- strings ---------------------------------------------------------------------------

export const BUILT_IN_NAMES = [
  "constructor",
  "__proto__",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "isPrototypeOf",
  "prototype",
  "__defineGetter__",
];

const TRICKY = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udc00",
  "x\udbff",
  "\ud83d\ude00",
  "\u0000\ud800",
  "%",
  "%zz",
  "%00",
  "%C0%AF",
  "..",
  ".",
  "/",
  "\\",
  "'",
  '"',
  "' OR 1=1 --",
  "'; drop table forms; --",
  "${7*7}",
  "{{7*7}}",
  "<script>alert(1)</script>",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-Infinity",
  "true",
  "[]",
  "{}",
  "\r\n",
  "\t",
  "\u2028\u2029",
  "\ufeff",
  "\u202e",
  "\uffff",
  "\ufffe",
  "ß",
  "İ",
  "𝟘",
  "\u0301",
  "a".repeat(256),
  "🏳️‍🌈",
  ...BUILT_IN_NAMES,
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const hostileUnit = fc.oneof(
  { arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }), weight: 4 },
  loneSurrogate,
  fc.constant("\u0000"),
);

export const numberText = fc.oneof(
  fc.constantFrom(
    "0",
    "-0",
    "0.30000000000000001",
    "0.3",
    "1e400",
    "-1e-400",
    "NaN",
    "Infinity",
    "9".repeat(400),
    `-${"9".repeat(200)}.${"9".repeat(200)}`,
    "1.",
    ".5",
    "00012",
    " 12 ",
    "+1",
    "0x1F",
    "1_000",
    "٣",
    "1,5",
    "-",
    "--1",
    "2147483648",
    "9007199254740993",
  ),
  fc.double().map(String),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  fc.tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.stringMatching(/^[0-9]{1,30}$/)).map(([a, b]) => `${a}.${b}`),
);

const pad = (n: number, width: number) => String(Math.abs(n)).padStart(width, "0");

export const dateText = fc.oneof(
  fc.constantFrom(
    "9999-12-31T23:00:00-01:00",
    "9999-12-31T23:59:59-14:00",
    "9999-12-31T23:59:59.999Z",
    "0001-01-01T00:00:00+01:00",
    "0001-01-01",
    "0000-01-01",
    "0050-01-01",
    "0099-12-31T23:59:59Z",
    "10000-01-01",
    "2024-02-29",
    "2023-02-29",
    "2024-02-30",
    "2024-13-01",
    "2024-00-10",
    "2024-01-01T24:00:00Z",
    "2024-01-01T23:59:60Z",
    "2024-01-01T00:00:00+99:99",
    "2024-01-01T00:00:00.1234567891Z",
    "+275760-09-13T00:00:00Z",
    "-000001-01-01T00:00:00Z",
    "2024-01-01T00:00+1400",
    "2024-1-1",
    "20240101",
    "2024-01-01Z",
    "2099-01-01",
    "2099-01-01T10:00:00+02:00",
  ),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc
    .record({
      y: fc.integer({ min: 0, max: 10_001 }),
      m: fc.integer({ min: 0, max: 13 }),
      d: fc.integer({ min: 0, max: 32 }),
      h: fc.integer({ min: 0, max: 25 }),
      mi: fc.integer({ min: 0, max: 61 }),
      s: fc.integer({ min: 0, max: 61 }),
      frac: fc.option(fc.stringMatching(/^[0-9]{1,10}$/)),
      offset: fc.option(fc.integer({ min: -16 * 60, max: 16 * 60 })),
      shape: fc.constantFrom("date", "T", " ", "Tz"),
    })
    .map((p) => {
      const day = `${pad(p.y, 4)}-${pad(p.m, 2)}-${pad(p.d, 2)}`;
      if (p.shape === "date") return day;
      const zone =
        p.shape === "Tz"
          ? "Z"
          : p.offset === null
            ? ""
            : `${p.offset < 0 ? "-" : "+"}${pad(Math.trunc(p.offset / 60), 2)}:${pad(p.offset % 60, 2)}`;
      return `${day}${p.shape === " " ? " " : "T"}${pad(p.h, 2)}:${pad(p.mi, 2)}:${pad(p.s, 2)}${p.frac ? `.${p.frac}` : ""}${zone}`;
    }),
);

/**
 * Characters that broke something once, or could: NUL (PostgreSQL text and jsonb), lone
 * surrogates (jsonb), LIKE wildcards and escapes, quotes, separators. NUL and surrogates count
 * four times.
 */
const DANGEROUS = [
  "\u0000",
  "\u0000",
  "\u0000",
  "\u0000",
  "\ud800",
  "\udbff",
  "\udfff",
  "\udc00",
  "\uffff",
  "\u2028",
  "%",
  "_",
  "\\",
  "'",
  '"',
  ",",
  "\u0301",
  "😀",
  "\r\n",
];
const spiked = fc
  .tuple(fc.stringMatching(/^[a-z]{0,6}$/), fc.constantFrom(...DANGEROUS), fc.stringMatching(/^[a-z]{0,6}$/))
  .map(([a, c, b]) => `${a}${c}${b}`);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: spiked, weight: 8 },
  { arbitrary: fc.constantFrom(...TRICKY), weight: 3 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 30 }), weight: 1 },
  { arbitrary: fc.string({ unit: hostileUnit, maxLength: 8 }), weight: 1 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }), weight: 1 },
  { arbitrary: numberText, weight: 1 },
  { arbitrary: dateText, weight: 1 },
  { arbitrary: fc.integer({ min: 250, max: 2000 }).map((n) => "x".repeat(n)), weight: 1 },
);

export const hostileKey = fc.oneof(
  fc.constantFrom("", "a\u0000b", "\ud800", "id", "value", "name", ...BUILT_IN_NAMES),
  fc.string({ maxLength: 10 }),
);

// --- JSON values -----------------------------------------------------------------------

/**
 * A leaf that becomes, once the body is serialised, arrays nested that many levels: around
 * the guard's 64 (with the levels above it), or deep enough to overflow recursive code.
 */
const deepMark = fc.constantFrom(40, 65, 3000, 50_000).map((levels) => `\u0001deep:${levels}\u0001`);
const DEEP_MARKS = /"\\u0001deep:([0-9]+)\\u0001"/g;

const hostileLeaf = fc.oneof(
  { arbitrary: hostileString, weight: 6 },
  { arbitrary: fc.double(), weight: 2 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.constantFrom(1e308, -0, 2 ** 53 + 2, 0.30000000000000001, -1e-308), weight: 1 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: deepMark, weight: 1 },
);

export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", maxDepth: 3 },
    { arbitrary: hostileLeaf, weight: 5 },
    { arbitrary: fc.array(tie("value"), { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.dictionary(hostileKey, tie("value"), { maxKeys: 4 }), weight: 1 },
  ),
})).value;

/** `plausible`, or with weight h against 10 `hostile`. */
export function mix<T, U>(h: number, plausible: fc.Arbitrary<T>, hostile: fc.Arbitrary<U>): fc.Arbitrary<T | U> {
  return h ? fc.oneof({ arbitrary: plausible, weight: 10 }, { arbitrary: hostile, weight: h }) : plausible;
}
const orJson = <T>(h: number, plausible: fc.Arbitrary<T>) => mix(h, plausible, hostileJson);
const orString = (h: number, plausible: fc.Arbitrary<string>) => mix(h, plausible, hostileString);

const pick = (values: string[] | undefined) => (values?.length ? fc.constantFrom(...values) : hostileString);
const word = fc.stringMatching(/^[A-Za-z][a-z0-9 ]{0,15}$/);
/** Well-formed numbers, now and then at the edges: beyond double precision, very long. */
export const plainNumber = fc.oneof(
  { arbitrary: fc.integer({ min: -1000, max: 100_000 }).map(String), weight: 4 },
  { arbitrary: fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((n) => n.toFixed(2)), weight: 4 },
  {
    arbitrary: fc.constantFrom("0.30000000000000001", "0.3", "9007199254740993", "-0", "0.000000000000000000001", `${"9".repeat(60)}.5`),
    weight: 1,
  },
);
/** Well-formed ISO 8601 dates, now and then at the edges of years 0001–9999 and of UTC offsets. */
export const plainDate = fc.oneof(
  {
    arbitrary: fc
      .date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
      .chain((d) => fc.constantFrom(d.toISOString(), d.toISOString().slice(0, 10), d.toISOString().replace("Z", "+02:00"))),
    weight: 8,
  },
  {
    arbitrary: fc.constantFrom(
      "9999-12-31T23:59:59-14:00",
      "9999-12-31T23:00:00-01:00",
      "9999-12-31T23:59:59.999Z",
      "9999-12-31",
      "0001-01-01T00:00:00+14:00",
      "0001-01-01",
      "0050-06-01",
      "0099-12-31T12:00:00Z",
    ),
    weight: 1,
  },
);
const scalar = (h: number) => orString(h, fc.oneof(word, plainNumber));

const PHONES = ["+44-2071234567", "+1-5551234", "+999-1", "+", "+44-", "12345", "+44 20 7123 4567", "+1", "++44-1"];

/** A value in (or near) the format an element takes as prefill data. */
function elementValue(el: Element, h: number): fc.Arbitrary<unknown> {
  const options = orString(h, pick(el.options?.map((o) => o.id)));
  const key = (values: string[] | undefined) => mix(h, pick(values), hostileKey);
  switch (el.type) {
    case "radio":
    case "dropdown":
    case "picture-checkbox":
      return orJson(h, options);
    case "multiple-checkbox":
    case "ranking":
      return orJson(h, fc.array(options, { maxLength: 4 }));
    case "matrix":
      return orJson(
        h,
        fc.dictionary(
          key(el.rows?.map((r) => r.id)),
          orJson(h, fc.dictionary(key(el.columns?.map((c) => c.id)), fc.oneof(scalar(h), fc.boolean()), { maxKeys: 3 })),
          { maxKeys: 3 },
        ),
      );
    case "repeat-field": {
      const row = fc.dictionary(key(el.components?.map((c) => c.id)), fc.oneof(scalar(h), fc.constantFrom(...PHONES)), { maxKeys: 3 });
      return orJson(h, fc.array(row, { maxLength: 3 }));
    }
    case "name":
    case "address":
      return orJson(h, fc.dictionary(key(el.children?.map((c) => c.fixedname)), scalar(h), { maxKeys: 4 }));
    case "phone":
      return orJson(h, fc.oneof(fc.constantFrom(...PHONES), orString(h, fc.stringMatching(/^\+[1-9][0-9]{0,2}-[0-9]{4,10}$/))));
    case "number":
      return orJson(h, fc.oneof(plainNumber, fc.integer()));
    case "date":
      return orJson(h, mix(h, plainDate, dateText));
    default:
      return orJson(h, scalar(h));
  }
}

function prefillData(world: World, h: number): fc.Arbitrary<unknown> {
  const entry = world.elements.length
    ? fc.constantFrom(...world.elements).chain((el) => elementValue(el, h).map((value) => ({ id: el.id, value })))
    : hostileJson;
  const wrong = fc.oneof(
    fc.record({ id: fc.oneof(hostileString, pick(world.fields)), value: hostileJson }, { requiredKeys: [] }),
    hostileJson,
  );
  return fc.array(mix(h, entry, wrong), { maxLength: 4 });
}

/** A body value for `schema`: its shape with plausible leaves, each hostile with weight h. */
export function valueFor(schema: Schema, world: World, h: number, key?: string): fc.Arbitrary<unknown> {
  switch (key) {
    case "prefill_data":
      return orJson(h, prefillData(world, h));
    case "ids":
      return orJson(h, fc.array(orString(h, fc.oneof(...Object.values(world.ids).map(pick))), { maxLength: 5 }));
    case "expires_at":
      return orJson(
        h,
        mix(
          h,
          fc.oneof(
            plainDate.filter((d) => d > "2030"),
            fc.constant(null),
            fc.constant(""),
          ),
          dateText,
        ),
      );
    case "name":
    case "entry_name":
      return orJson(h, orString(h, word));
    case "active":
      return orJson(h, fc.boolean());
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => valueFor(v, world, h, key)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const props = Object.entries(schema.properties ?? {});
      // Each property mostly present: a missing one stops a request before the values matter.
      const present = props.map(([k, s]) =>
        fc.option(
          valueFor(s, world, h, k).map((v) => [k, v] as const),
          { freq: 8 },
        ),
      );
      const record = fc.tuple(...present).map((entries) => Object.fromEntries(entries.filter((e) => e !== null)));
      if (!h) return record;
      const extra = fc.option(fc.dictionary(hostileKey, hostileJson, { minKeys: 1, maxKeys: 2 }), { freq: Math.max(2, 12 - h) });
      return orJson(
        h,
        fc.tuple(record, extra).map(([r, e]) => ({ ...(e ?? {}), ...r })),
      );
    }
    case "array": {
      const items = valueFor(schema.items ?? {}, world, h);
      const some = fc.array(items, { minLength: 1, maxLength: 3 });
      return orJson(
        h,
        schema.maxItems
          ? mix(Math.min(h, 1), some, fc.array(items, { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 1 }))
          : some,
      );
    }
    case "string":
      return orJson(h, orString(h, word));
    case "boolean":
      return orJson(h, fc.boolean());
    case "number":
    case "integer":
      return orJson(h, fc.oneof(fc.double(), fc.integer()));
    default:
      return mix(h, scalar(h), hostileJson);
  }
}

// --- encodings -------------------------------------------------------------------------

/** Percent-encodes like encodeURIComponent, but a lone surrogate becomes its (invalid) UTF-8 bytes, as an attacker sends it. */
export function encodeLoose(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pair) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join("");
    } else {
      out += encodeURIComponent(s[i]!);
    }
  }
  return out;
}

export const RAW_ESCAPES = [
  "%",
  "%zz",
  "%C0%AF",
  "%ED%A0%80",
  "%E2%82",
  "%00",
  "%2F",
  "%252F",
  "%FF",
  "%c3%28",
  "%%",
  "%u0041",
  "%0",
  "%2e%2e",
];

/** A path parameter's value: an id of the collection the path names it under, encoded. */
const pathSegment = (ids: string[] | undefined, h: number) => mix(h, pick(ids), hostileString).map(encodeLoose);

// --- query strings ---------------------------------------------------------------------

const V1_SUFFIXES = ["gte", "gt", "lte", "lt"];

const COMPARISONS = new Set([
  "is_greater_than",
  "is_greater_than_or_equal_to",
  "is_less_than",
  "is_less_than_or_equal_to",
  "gte",
  "gt",
  "lte",
  "lt",
]);

/** A filter value: what the type takes, of the field's kind (a number field compares numbers). */
function filterValue(type: string, kind: "number" | "date" | undefined, h: number): fc.Arbitrary<string> {
  const plain = kind === "number" ? plainNumber : kind === "date" ? plainDate : fc.oneof(plainNumber, plainDate);
  const operand = mix(h, plain, fc.oneof(numberText, dateText));
  if (COMPARISONS.has(type)) return orString(h, operand);
  switch (type) {
    case "in_range": {
      // Bounds that differ only beyond double precision, in either order.
      const close = fc.tuple(fc.integer({ min: -99, max: 99 }), fc.integer({ min: 1, max: 9 }), fc.boolean()).map(([a, d, flip]) => {
        const pair = [`${a}.3000000000000000${d}`, `${a}.3`];
        return (flip ? pair.reverse() : pair).join(",");
      });
      const pair = fc.tuple(operand, operand).map(([a, b]) => `${a},${b}`);
      return orString(h, kind === "date" ? pair : fc.oneof(pair, close));
    }
    case "is_in":
    case "is_not_in":
      return orString(
        h,
        fc.array(orString(h, word), { minLength: 1, maxLength: 5 }).map((l) => l.join(",")),
      );
    case "before":
    case "after":
    case "on":
    case "not_on":
      return orString(h, mix(h, plainDate, dateText));
    case "is_empty":
    case "is_filled":
      return orString(h, fc.constantFrom("true", "false"));
    default:
      return orString(h, fc.oneof(word, operand));
  }
}

/** A filter parameter: `<field>__<type>=<value>` (v2 types on v2, v1 suffixes on v1), or a bare field. */
const filterPair = (world: World, types: readonly string[], h: number): fc.Arbitrary<[string, string]> =>
  fc
    .tuple(
      mix(h, pick(world.fields), fc.oneof(hostileString, fc.constantFrom(...BUILT_IN_NAMES))),
      mix(h, fc.constantFrom(...types), fc.oneof(hostileString, fc.constant(null))),
    )
    .chain(([field, type]) =>
      filterValue(type ?? "", world.kinds[field], h).map((v): [string, string] => [type === null ? field : `${field}__${type}`, v]),
    );

function namedValue(name: string, world: World, h: number): fc.Arbitrary<string> {
  if (name.startsWith("include_")) return orString(h, fc.constantFrom("true", "false"));
  switch (name) {
    case "page":
    case "per_page":
      return orString(h, mix(h, fc.constantFrom("1", "2", "3"), fc.constantFrom("0", "-1", "999999999", "1000000000", "1e3", "1.5")));
    case "form_id":
      return orString(h, pick(world.ids.forms?.filter((id) => /^[0-9]+$/.test(id))));
    case "form_uuid":
      return orString(h, pick(world.ids.forms));
    case "sort":
      return orString(h, fc.oneof(fc.constantFrom("created_at", "updated_at", "duration"), pick(world.fields)));
    case "order":
      return orString(h, fc.constantFrom("asc", "desc", "ASC"));
    default:
      return orString(h, word);
  }
}

/** Query parameters, decoded: some named ones, and filters where the operation takes free-form ones. */
function queryFor(op: Operation, world: World, h: number): fc.Arbitrary<[string, string][]> {
  // Present half the time; the form reference of a submissions list mostly as form_uuid alone.
  const presence = (name: string) => (name === "form_uuid" ? 16 : name === "form_id" ? 1 : 4);
  const named = op.query.map((q) =>
    fc.oneof(
      { arbitrary: fc.constant(null), weight: 4 },
      { arbitrary: namedValue(q.name, world, h).map((v): [string, string] => [q.name, v]), weight: presence(q.name) },
    ),
  );
  // The legacy surface has its own filter suffixes; every other one the v2 filter types.
  const types = op.basePath.endsWith("/v1") ? V1_SUFFIXES : FILTER_TYPES;
  const filters = op.freeFormQuery ? fc.array(filterPair(world, types, h), { minLength: 1, maxLength: 3 }) : fc.constant([]);
  return fc.tuple(fc.tuple(...named), filters).map(([n, f]) => [...n.filter((p) => p !== null), ...f]);
}

// --- bodies ----------------------------------------------------------------------------

const deepJson = fc
  .record({ levels: fc.constantFrom(63, 64, 65, 3000, 20_000, 50_000, 150_000), kind: fc.constantFrom("[", "{") })
  .map(({ levels, kind }) =>
    kind === "[" ? `${"[".repeat(levels)}1${"]".repeat(levels)}` : `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`,
  );

export const JUNK_BODIES = [
  "{",
  '{"a":}',
  "[1,]",
  "{'a':1}",
  "NaN",
  "null",
  "[]",
  '"text"',
  "12",
  "\ufeff{}",
  "{}garbage",
  " ",
  '{"a":1}{"b":2}',
  "\u0000",
];
const WRONG_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/jsonx",
  "APPLICATION/JSON",
  "application/vnd.api+json",
  "application/json; charset=latin1",
  "*/*",
];
const BAD_BYTES = [
  Buffer.from([0xff, 0xfe, 0x00]),
  Buffer.concat([Buffer.from('{"x":"'), Buffer.from([0xc0, 0xaf, 0xed, 0xa0, 0x80]), Buffer.from('"}')]),
];

export type Body = { json: unknown; type: string | null } | { raw: Buffer; type: string | null };

/** A body that is not what the operation reads: junk text, other bytes, wrong type, too deep, too large, none. */
export const badBody: fc.Arbitrary<Body | undefined> = fc.oneof(
  { arbitrary: fc.constantFrom(...JUNK_BODIES).map((t): Body => ({ raw: Buffer.from(t), type: "application/json" })), weight: 3 },
  { arbitrary: fc.constantFrom(...BAD_BYTES).map((raw): Body => ({ raw, type: "application/json" })), weight: 1 },
  { arbitrary: deepJson.map((t): Body => ({ raw: Buffer.from(t), type: "application/json" })), weight: 2 },
  { arbitrary: fc.constant<Body>({ raw: Buffer.from(`{"x":"${"y".repeat(1024 * 1024)}"}`), type: "application/json" }), weight: 1 },
  { arbitrary: fc.constant(undefined), weight: 1 },
);

// --- mutations -------------------------------------------------------------------------

/**
 * A request as parts, before encoding: a plausible one gets one mutation (a hostile value in
 * one place, a broken encoding, a bad body), so the one bad spot meets the code behind all
 * the checks the rest of the request passes.
 */
type Draft = { segments: string[]; query: [string, string][]; rawQuery: string[]; body?: Body };

type Mutation =
  | { kind: "leaf"; at: number; value: unknown }
  | { kind: "key"; at: number; key: string }
  | { kind: "queryValue"; at: number; value: string }
  | { kind: "queryKey"; at: number; key: string }
  | { kind: "queryRepeat"; at: number }
  | { kind: "rawQuery"; raw: string }
  | { kind: "segment"; at: number; value: string }
  | { kind: "body"; body: Body | undefined }
  | { kind: "type"; type: string | null };

const RAW_ESCAPE_SEGMENT = fc
  .tuple(
    fc.string({ unit: "grapheme-ascii", maxLength: 4 }),
    fc.constantFrom(...RAW_ESCAPES),
    fc.string({ unit: "grapheme-ascii", maxLength: 4 }),
  )
  .map(([a, esc, b]) => `${encodeLoose(a)}${esc}${encodeLoose(b)}`);
export const RAW_QUERY_JUNK = [
  "%zz=1",
  "=",
  "&",
  "a",
  "%=%",
  "+=+",
  "a=b=c",
  "%00=%00",
  "page=1&page=2",
  "__proto__[x]=1",
  "a[]=1",
  "%ED%A0%80=x",
];

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant("leaf" as const),
      at: fc.nat(),
      value: fc.oneof({ arbitrary: hostileString, weight: 3 }, hostileJson, deepMark),
    }),
    weight: 8,
  },
  { arbitrary: fc.record({ kind: fc.constant("key" as const), at: fc.nat(), key: hostileKey }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("queryValue" as const), at: fc.nat(), value: hostileString }), weight: 6 },
  {
    arbitrary: fc.record({
      kind: fc.constant("queryKey" as const),
      at: fc.nat(),
      key: fc.oneof(hostileKey, fc.constantFrom(...BUILT_IN_NAMES)),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant("queryRepeat" as const), at: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("rawQuery" as const), raw: fc.constantFrom(...RAW_QUERY_JUNK) }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant("segment" as const),
      at: fc.nat(),
      value: fc.oneof(hostileString.map(encodeLoose), RAW_ESCAPE_SEGMENT),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant("body" as const), body: badBody }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("type" as const), type: fc.constantFrom(...WRONG_TYPES, null) }), weight: 1 },
);

type Path = (string | number)[];

/** Paths to every value in a JSON value (containers too), in document order. */
function valuePaths(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (path.length) out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => valuePaths(v, [...path, i], out));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) valuePaths(v, [...path, k], out);
  return out;
}

/** A copy of `value` with the value at `path` replaced (or its key renamed). */
function replaced(value: unknown, path: Path, change: { value: unknown } | { key: string }): unknown {
  if (!path.length) return "value" in change ? change.value : value;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaced(v, rest, change) : v));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const key = k === head && !rest.length && "key" in change ? change.key : k;
    Object.defineProperty(out, key, {
      value: k === head ? replaced(v, rest, change) : v,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** Applies a mutation where it can land; one that cannot (no body, no query) falls back to the query or path. */
function mutate(draft: Draft, m: Mutation, takesBody: boolean): Draft {
  const d: Draft = { ...draft, segments: [...draft.segments], query: [...draft.query], rawQuery: [...draft.rawQuery] };
  const json = d.body && "json" in d.body ? d.body : undefined;
  const paths = json ? valuePaths(json.json) : [];
  switch (m.kind) {
    case "leaf":
    case "key":
      if (json && paths.length) {
        const path = paths[m.at % paths.length]!;
        d.body = { json: replaced(json.json, path, m.kind === "leaf" ? { value: m.value } : { key: m.key }), type: json.type };
        return d;
      }
      return mutate(
        d,
        { kind: "queryValue", at: m.at, value: m.kind === "leaf" && typeof m.value === "string" ? m.value : "\u0000" },
        takesBody,
      );
    case "queryValue":
      if (d.query.length) d.query[m.at % d.query.length] = [d.query[m.at % d.query.length]![0], m.value];
      else d.query.push([["q", "x", "name", "email__contains"][m.at % 4]!, m.value]);
      return d;
    case "queryKey":
      if (d.query.length) d.query[m.at % d.query.length] = [m.key, d.query[m.at % d.query.length]![1]];
      else d.query.push([m.key, "1"]);
      return d;
    case "queryRepeat":
      if (d.query.length) d.query.push(d.query[m.at % d.query.length]!);
      return d;
    case "rawQuery":
      d.rawQuery.push(m.raw);
      return d;
    case "segment":
      if (!d.segments.length) return mutate(d, { kind: "rawQuery", raw: "%zz=1" }, takesBody);
      d.segments[m.at % d.segments.length] = m.value;
      return d;
    case "body":
      if (!takesBody) return mutate(d, { kind: "queryValue", at: 0, value: "\ud800" }, takesBody);
      d.body = m.body;
      return d;
    case "type":
      if (d.body) d.body = { ...d.body, type: m.type };
      return d;
  }
}

// --- requests --------------------------------------------------------------------------

const tokenFor = fc.oneof(
  { arbitrary: fc.constant<TokenMode>("valid"), weight: 40 },
  { arbitrary: fc.constantFrom<TokenMode>("noScope", "none", "malformed", "unknown", "revoked", "otherKind"), weight: 12 },
  { arbitrary: fc.constant<TokenMode>("empty"), weight: 1 },
);

const tokenText = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9]{32}$/),
  fc.string({ unit: "binary-ascii", maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, "")),
  fc.constantFrom("Bearer x", "fh_v2_short", "fh_v3_" + "a".repeat(32), "null", " "),
);

/** The collection a path parameter belongs to: the path segment before it (`/prefills/{id}` → prefills). */
function collectionOf(path: string, param: string): string {
  const segments = path.split("/");
  return segments[segments.indexOf(`{${param}}`) - 1] ?? "";
}

function draftFor(op: Operation, world: World, h: number): fc.Arbitrary<Draft> {
  const segments = fc.tuple(...op.pathParams.map((p) => pathSegment(world.ids[collectionOf(op.path, p)], h)));
  const body = op.body ? valueFor(op.body, world, h).map((json): Body => ({ json, type: "application/json" })) : fc.constant(undefined);
  return fc.record({ segments, query: queryFor(op, world, h), body }).map((d): Draft => ({ ...d, rawQuery: [] }));
}

function encode(op: Operation, d: Draft): Pick<FuzzRequest, "target" | "body"> {
  let path = op.path;
  op.pathParams.forEach((name, i) => (path = path.replace(`{${name}}`, d.segments[i]!)));
  const query = [...d.query.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`), ...d.rawQuery].join("&");
  let body: FuzzRequest["body"];
  if (d.body && "raw" in d.body) body = { data: d.body.raw, type: d.body.type };
  else if (d.body) {
    const text = (JSON.stringify(d.body.json) ?? "null").replace(
      DEEP_MARKS,
      (_, n: string) => `${"[".repeat(Number(n))}1${"]".repeat(Number(n))}`,
    );
    body = { data: Buffer.from(text), type: d.body.type };
  }
  return { target: query ? `${path}?${query}` : path, body };
}

/**
 * A request for an operation: plausible (a fifth), plausible with one mutation (the most), or
 * hostile all over with perhaps a mutation too.
 */
export function requestFor(op: Operation, world: World): fc.Arbitrary<FuzzRequest> {
  const takesBody = Boolean(op.body) || op.method === "DELETE";
  const draft = fc.oneof(
    { arbitrary: draftFor(op, world, 0), weight: 3 },
    { arbitrary: fc.tuple(draftFor(op, world, 0), mutation).map(([d, m]) => mutate(d, m, takesBody)), weight: 10 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(1, 3, 10).chain((h) => draftFor(op, world, h)),
          fc.option(mutation, { freq: 2 }),
        )
        .map(([d, m]) => (m ? mutate(d, m, takesBody) : d)),
      weight: 4,
    },
  );
  return fc.record({ draft, mode: tokenFor, text: tokenText }).map(({ draft, mode, text }): FuzzRequest => {
    const request = { op, token: { mode, text }, ...encode(op, draft) };
    // fast-check prints a counterexample with this: the request as sent, not the operation's schema.
    return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
  });
}

export function describeRequest(req: FuzzRequest): string {
  const body = req.body
    ? ` body (${req.body.type ?? "no content-type"}, ${req.body.data.length} bytes) ${req.body.data.subarray(0, 300).toString("utf8")}`
    : "";
  return `${req.op.method} ${req.op.basePath}${req.target} token ${req.token.mode}${body}`;
}

/**
 * How often to fuzz an operation: by how much input it takes (parameters, free-form filters, a
 * body), so the operations with the most ways in get the most requests.
 */
export const operationWeight = (op: Operation) =>
  1 + op.pathParams.length + op.query.length + (op.freeFormQuery ? 4 : 0) + (op.body ? 4 : 0);
