import "server-only";
import type { FormElement, PrefillValue } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { elementCategory } from "@/lib/forms/element-types";
import { formatPath } from "@/lib/values/input-paths";
import { parseDate, parseNumber } from "@/lib/values/values";
import { parsePhoneValue, type PhoneProblem } from "@/lib/phone/phone";
import { isJsonObject } from "@/lib/values/json";
import { DEFAULT_MAX_LENGTH, maxLengthOf } from "@/lib/answers/validate-answers";

/**
 * Validation of `prefill_data` arrays (v2 prefill and unique-link bodies; prefill-data.test.ts)
 * against a form's elements.
 *
 * `prefill_data[].id` addresses a top-level element; repeat-field components are prefilled only
 * inside their repeat-field's value (a component id at the top level does not exist). Each id
 * may appear once. Entries keep only `id` and `value`; other keys are dropped. `null` is never a
 * value: leave the entry (or the key) out instead.
 *
 * Values by element type:
 * - short-text, long-text, email, hidden: a string or a number.
 * - number: a number, or a string holding a decimal number (`-12.5`).
 * - date: a string, `YYYY-MM-DD` (a real calendar date) or an ISO 8601 date-time.
 * - phone: a string (or a number of local digits); see lib/phone/phone.ts.
 * - radio, dropdown, picture-checkbox: one option id string (`options[].id`).
 * - multiple-checkbox, ranking: an array of option id strings, each at most once (may be empty).
 * - matrix: `{rowId: {columnId: string | number | boolean}}`; rows and cells may be left out.
 * - repeat-field: `[{componentId: value}]`, each value by that component's type.
 * - name, address: `{fixedname: string | number}`; sub-fields may be left out.
 * - any other type: a string or a number.
 *
 * 400 messages: PREFILL_DATA_ERRORS below (a Markdown list for OpenAPI descriptions).
 *
 * `resolved` (for survey pages), keyed by element id:
 * - phone: `{country, dialCode, number}` (phone.ts; selector off: nulls and the value as entered,
 *   as a string);
 * - repeat-field with a phone component (at any depth): one object per row of the value, in
 *   order, holding the resolved extras of that row's components, e.g.
 *   `[{"contact_phone": {country, dialCode, number}}, {}]`.
 */
export type ValidatedPrefillData = { data: PrefillValue[]; resolved: Record<string, unknown> };

/**
 * Every 400 message of this module, as a Markdown list for OpenAPI descriptions. `<n>` is the
 * 0-based index in prefill_data, `<i>` an index in an array value. Keys that are not plain
 * identifiers are written `value["my key"]`.
 */
export const PREFILL_DATA_ERRORS = [
  "`prefill_data[<n>] must be an object with id and value`",
  "`prefill_data[<n>].id is required` (missing, null, empty or blank)",
  "`prefill_data[<n>].id must be a string`",
  "`prefill_data[<n>].id '<id>' does not exist in this form` (also a repeat-field component: prefill it inside its repeat-field's value)",
  "`prefill_data[<n>].id '<id>' is given twice (first at prefill_data[<m>])`",
  "`prefill_data[<n>].value is required`",
  "`prefill_data[<n>].value must be a scalar for '<type>' field` (text types, phone and unknown types: a string or a number; " +
    "radio, dropdown, picture-checkbox: given an array, object, boolean or null)",
  "`prefill_data[<n>].value must be at most 1,000 characters for '<type>' field` (the survey's own limit: the element's `maxLength`, " +
    "else 20,000 for long-text and 1,000 for other text; 1,000 for a matrix cell or a name or address part)",
  "`prefill_data[<n>].value must be a number for 'number' field` (a number or a decimal string such as `-12.5`)",
  "`prefill_data[<n>].value must be an ISO 8601 date (YYYY-MM-DD or date-time) for 'date' field`",
  "`prefill_data[<n>].value has an unknown dial code '+999' for 'phone' field` (country selector on)",
  "`prefill_data[<n>].value has no dial code after '+' for 'phone' field`",
  "`prefill_data[<n>].value has no number after the dial code '+44' for 'phone' field`",
  "`prefill_data[<n>].value has no digits for 'phone' field` (country selector on)",
  "`prefill_data[<n>].value must be an option id string for '<type>' field` (radio, dropdown, picture-checkbox given a number)",
  "`prefill_data[<n>].value '<option>' is not an option of '<element id>'` (option ids, not labels or values)",
  "`prefill_data[<n>].value must be an array for 'multiple-checkbox' field` (ranking: same with 'ranking')",
  "`prefill_data[<n>].value[<i>] must be an option id string for '<type>' field`",
  "`prefill_data[<n>].value[<i>] '<option>' is not an option of '<element id>'`",
  "`prefill_data[<n>].value[<i>] '<option>' is listed twice`",
  "`prefill_data[<n>].value must be a hash for 'matrix' field`",
  "`prefill_data[<n>].value '<row id>' is not a row of '<element id>'`",
  "`prefill_data[<n>].value.<row id> must be a hash keyed by column id for 'matrix' field`",
  "`prefill_data[<n>].value.<row id> '<column id>' is not a column of '<element id>'`",
  "`prefill_data[<n>].value.<row id>.<column id> must be a scalar (string, number or boolean) for 'matrix' field`",
  "`prefill_data[<n>].value must be an array for 'repeat-field'`",
  "`prefill_data[<n>].value[<i>] must be a hash keyed by component id for 'repeat-field'`",
  "`prefill_data[<n>].value[<i>] '<component id>' is not a component of '<element id>'`",
  "`prefill_data[<n>].value[<i>].<component id> …`: any message above for the component's own type, " +
    "e.g. `prefill_data[0].value[1].colleague_name must be a scalar for 'short-text' field`",
  "`prefill_data[<n>].value must be a hash for 'name' field` (address: same with 'address')",
  "`prefill_data[<n>].value '<key>' is not a sub-field of '<element id>'` (keys are the children's fixednames)",
  "`prefill_data[<n>].value.<fixedname> must be a scalar for 'name' field` (address: same with 'address')",
]
  .map((line) => `- ${line}`)
  .join("\n");

type Path = readonly PropertyKey[];
/** Validates one value at `path`; throws on the first problem. Returns its `resolved` extra, if any. */
type Check = (value: unknown, path: Path) => unknown;
type Compiled = { check: Check; /** whether check can return an extra */ extras: boolean };

/**
 * Built once per request: compiles one check per top-level element, so validating an array
 * costs a map lookup and the value's own checks per entry.
 */
export function createPrefillDataValidator(elements: readonly FormElement[]): (entries: readonly unknown[]) => ValidatedPrefillData {
  const checks = new Map(elements.map((element) => [element.id, compile(element)] as const));

  return (entries) => {
    const data: PrefillValue[] = [];
    const resolved: Record<string, unknown> = {};
    const firstAt = new Map<string, number>();
    entries.forEach((entry, n) => {
      if (!isJsonObject(entry)) fail(["prefill_data", n], "must be an object with id and value");
      const { id, value } = entry;
      const idPath = ["prefill_data", n, "id"];
      if (id === undefined || id === null || (typeof id === "string" && id.trim() === "")) fail(idPath, "is required");
      if (typeof id !== "string") fail(idPath, "must be a string");
      const compiled = checks.get(id) ?? fail(idPath, `'${id}' does not exist in this form`);
      const first = firstAt.get(id);
      if (first !== undefined) fail(idPath, `'${id}' is given twice (first at prefill_data[${first}])`);
      firstAt.set(id, n);
      if (value === undefined) fail(["prefill_data", n, "value"], "is required");

      const extra = compiled.check(value, ["prefill_data", n, "value"]);
      if (extra !== undefined) put(resolved, id, extra);
      data.push({ id, value });
    });
    return { data, resolved };
  };
}

// ---------------------------------------------------------------------------------------

function fail(path: Path, problem: string): never {
  // The path travels as data too, so the dashboard shows the problem beside its field.
  throw new AppError("BAD_REQUEST", `${formatPath(path)} ${problem}`, {
    path: path.map((k) => (typeof k === "number" ? k : String(k))),
    reason: problem,
  });
}

/** Text-like values: a string or a (finite) number. */
const isScalar = (v: unknown): v is string | number => typeof v === "string" || (typeof v === "number" && Number.isFinite(v));
const isCell = (v: unknown) => isScalar(v) || typeof v === "boolean";
/** Assigns even a key such as `__proto__` as an own property. */
const put = (target: Record<string, unknown>, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });

const scalarFor = (type: string) => `must be a scalar for '${type}' field`;

/**
 * A text longer than the survey takes for that field is refused here too: the survey would
 * refuse it on submit, so the respondent could not send the form without cutting it.
 */
function checkLength(value: string | number | boolean, max: number, type: string, path: Path) {
  if (typeof value === "string" && value.length > max)
    fail(path, `must be at most ${max.toLocaleString("en-US")} characters for '${type}' field`);
}

function compile(element: FormElement): Compiled {
  const { id, type } = element;
  switch (elementCategory(type)) {
    case "text":
      if (type === "phone") return phoneCheck(element.countrySelector === true, maxLengthOf(element));
      // Stored as given, so no surrounding whitespace (the shared parsers would trim it).
      if (type === "number") {
        return scalarCheck(type, maxLengthOf(element), {
          valid: (v) => typeof v === "number" || (v.trim() === v && parseNumber(v) !== null),
          problem: "must be a number for 'number' field",
        });
      }
      if (type === "date") {
        return scalarCheck(type, maxLengthOf(element), {
          valid: (v) => typeof v === "string" && v.trim() === v && parseDate(v) !== null,
          problem: "must be an ISO 8601 date (YYYY-MM-DD or date-time) for 'date' field",
        });
      }
      return scalarCheck(type, maxLengthOf(element));

    case "single-choice": {
      const options = new Set((element.options ?? []).map((o) => o.id));
      return {
        extras: false,
        check: (value, path) => {
          if (!isScalar(value)) fail(path, scalarFor(type));
          if (typeof value !== "string") fail(path, `must be an option id string for '${type}' field`);
          if (!options.has(value)) fail(path, `'${value}' is not an option of '${id}'`);
        },
      };
    }

    case "multi-choice": {
      const options = new Set((element.options ?? []).map((o) => o.id));
      return {
        extras: false,
        check: (value, path) => {
          if (!Array.isArray(value)) fail(path, `must be an array for '${type}' field`);
          const listed = new Set<string>();
          value.forEach((item: unknown, i) => {
            const at = [...path, i];
            if (typeof item !== "string") fail(at, `must be an option id string for '${type}' field`);
            if (!options.has(item)) fail(at, `'${item}' is not an option of '${id}'`);
            if (listed.has(item)) fail(at, `'${item}' is listed twice`);
            listed.add(item);
          });
        },
      };
    }

    case "matrix": {
      const rows = new Set((element.rows ?? []).map((r) => r.id));
      const columns = new Set((element.columns ?? []).map((c) => c.id));
      return {
        extras: false,
        check: (value, path) => {
          if (!isJsonObject(value)) fail(path, `must be a hash for '${type}' field`);
          for (const [rowId, row] of Object.entries(value)) {
            if (!rows.has(rowId)) fail(path, `'${rowId}' is not a row of '${id}'`);
            const rowPath = [...path, rowId];
            if (!isJsonObject(row)) fail(rowPath, `must be a hash keyed by column id for '${type}' field`);
            for (const [columnId, cell] of Object.entries(row)) {
              if (!columns.has(columnId)) fail(rowPath, `'${columnId}' is not a column of '${id}'`);
              if (!isCell(cell)) fail([...rowPath, columnId], `must be a scalar (string, number or boolean) for '${type}' field`);
              checkLength(cell, DEFAULT_MAX_LENGTH, type, [...rowPath, columnId]);
            }
          }
        },
      };
    }

    case "repeat": {
      const components = new Map((element.components ?? []).map((c) => [c.id, compile(c)] as const));
      const extras = [...components.values()].some((c) => c.extras);
      return {
        extras,
        check: (value, path) => {
          if (!Array.isArray(value)) fail(path, `must be an array for '${type}'`);
          const rows = value.map((row: unknown, i) => {
            const rowPath = [...path, i];
            if (!isJsonObject(row)) fail(rowPath, `must be a hash keyed by component id for '${type}'`);
            const out: Record<string, unknown> = {};
            for (const [componentId, componentValue] of Object.entries(row)) {
              const component = components.get(componentId) ?? fail(rowPath, `'${componentId}' is not a component of '${id}'`);
              const extra = component.check(componentValue, [...rowPath, componentId]);
              if (extra !== undefined) put(out, componentId, extra);
            }
            return out;
          });
          return extras ? rows : undefined;
        },
      };
    }

    case "composite": {
      const fixednames = new Set((element.children ?? []).map((c) => c.fixedname));
      return {
        extras: false,
        check: (value, path) => {
          if (!isJsonObject(value)) fail(path, `must be a hash for '${type}' field`);
          for (const [key, part] of Object.entries(value)) {
            if (!fixednames.has(key)) fail(path, `'${key}' is not a sub-field of '${id}'`);
            if (!isScalar(part)) fail([...path, key], scalarFor(type));
            checkLength(part, DEFAULT_MAX_LENGTH, type, [...path, key]);
          }
        },
      };
    }

    case "file":
      return {
        extras: false,
        check: (_value, path) => fail(path, "cannot be prefilled: a file-upload field takes the respondent's files"),
      };
    default:
      // A type this service does not know: it can hold a plain value at most.
      return scalarCheck(type, maxLengthOf(element));
  }
}

/** A string or a number, at most `max` characters, that passes `rule`, if given. */
function scalarCheck(type: string, max: number, rule?: { valid: (v: string | number) => boolean; problem: string }): Compiled {
  return {
    extras: false,
    check: (value, path) => {
      if (!isScalar(value)) fail(path, scalarFor(type));
      checkLength(value, max, type, path);
      if (rule && !rule.valid(value)) fail(path, rule.problem);
    },
  };
}

function phoneCheck(countrySelector: boolean, max: number): Compiled {
  return {
    extras: true,
    check: (value, path) => {
      if (!isScalar(value)) fail(path, scalarFor("phone"));
      checkLength(value, max, "phone", path);
      const parsed = parsePhoneValue(String(value), countrySelector);
      if (!parsed.ok) fail(path, `${phoneProblem(parsed)} for 'phone' field`);
      return parsed.phone;
    },
  };
}

function phoneProblem(p: PhoneProblem): string {
  switch (p.problem) {
    case "missing-dial-code":
      return "has no dial code after '+'";
    case "unknown-dial-code":
      return `has an unknown dial code '${p.dialCode}'`;
    case "empty-number":
      return p.dialCode ? `has no number after the dial code '${p.dialCode}'` : "has no digits";
  }
}
