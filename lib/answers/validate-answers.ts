import type { z } from "zod";
import type { FormElement } from "@/db/schema";
import { dataSchema } from "@/lib/forms/definition";
import { formatPath } from "@/lib/values/input-paths";
import { answerElements, elementCategory } from "@/lib/forms/element-types";
import { compileFormLogic } from "@/lib/logic/form-logic";
import { parsePhoneValue } from "@/lib/phone/phone";
import { parseDate, parseNumber } from "@/lib/values/values";
import { ANSWER_MESSAGES as M } from "./messages";
import { isJsonObject } from "@/lib/values/json";
import { textProblem } from "@/lib/values/text";
import { acceptsFile, fileLimitsOf, MAX_FILE_SIZE_MB } from "@/lib/uploads/file-rules";

/**
 * The answers of one survey submission, checked against the form's elements. One rule for
 * every caller: the JSON endpoint, form posts (after `formValuesToData`) and the page's own
 * client-side validation (this module runs in the browser too, so it imports nothing
 * server-only).
 *
 * Input: `data` keyed by element id in the v2 shape (ZV2Submission's `data`, server/services/submissions/serialize.ts). Steps:
 * 1. unknown element ids are problems of their own;
 * 2. empty answers ("", blanks, null, [], {} and empty parts) count as no answer;
 * 3. the value shape of each element is `dataSchema` of lib/forms/definition.ts (option values,
 *    matrix row/column ids, repeat rows, sub-field names) — its messages name the path;
 * 4. what an answer means, per element type: required, email, number, date, phone (resolved
 *    like prefills, phone.ts), one answer per matrix row, lengths, storable text, and the
 *    field rules (min/max, minLength/maxLength, minChoices/maxChoices);
 * 5. only for the elements shown (lib/logic/form-logic.ts, walked in document order over the
 *    checked answers so far): a hidden element is never required, and its answer (even a
 *    malformed one) is dropped, not stored. `throughPage` checks a step: later pages are left out.
 *
 * Output: the canonical data to store — text trimmed, numbers as JSON numbers, phone as
 * `+<dial code><digits>` (selector on) or as entered (selector off), matrix cells as the
 * column's value (or true without one), empty answers and empty repeat rows left out.
 */
export type AnswerPath = (string | number)[];
export type AnswerIssue = { path: AnswerPath; message: string };
export type AnswersResult = { ok: true; data: Record<string, unknown> } | { ok: false; issues: AnswerIssue[] };
/** `throughPage`: check the pages up to this index only (a step of a multi-page form). */
export type AnswersOptions = { throughPage?: number };
export type AnswersValidator = (data: unknown, opts?: AnswersOptions) => AnswersResult;

/** Numbers beyond this are refused (they would lose precision as JSON numbers). */
export const MAX_NUMBER = 1e15;
/** Length limits when an element sets no `maxLength`. */
export const DEFAULT_MAX_LENGTH = 1_000;
export const LONG_TEXT_MAX_LENGTH = 20_000;
export const MAX_REPEAT_ROWS = 100;
/** Any list answer longer than this is refused unread. */
const MAX_LIST_ITEMS = 1_000;
/** Unknown element ids listed one by one; the rest are counted in one more issue. */
const MAX_UNKNOWN_LISTED = 20;

const EMAIL_RE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

type Issues = AnswerIssue[];
/** Checks one element's answer (shape already valid, empties already removed); returns the value to store. */
type Check = (value: unknown, path: AnswerPath, issues: Issues) => unknown;

/** A `File` the browser's form data holds for a file input left empty. */
const isEmptyBlob = (v: unknown) => typeof Blob !== "undefined" && v instanceof Blob && v.size === 0 && (v as File).name === "";
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** Builds the checks once per form; the returned function validates any number of submissions. */
export function createAnswersValidator(elements: readonly FormElement[]): AnswersValidator {
  const shape = dataSchema(elements);
  const answerable = answerElements(elements);
  const logic = compileFormLogic(elements);
  const byId = new Map(answerable.map((e) => [e.id, { element: e, check: compile(e) }] as const));
  const order = new Map(answerable.map((e, i) => [e.id, i] as const));

  return (data, opts = {}) => {
    const issues: Issues = [];
    if (!isJsonObject(data)) return { ok: false, issues: [{ path: [], message: "must be an object keyed by element id" }] };

    const known: Record<string, unknown> = {};
    const unknown: string[] = [];
    const tooMany = new Set<string>();
    for (const [id, value] of Object.entries(data)) {
      const entry = byId.get(id);
      if (!entry) unknown.push(id);
      else if (Array.isArray(value) && value.length > MAX_LIST_ITEMS) {
        // Refused before anything walks it: no form has that many rows or options.
        tooMany.add(id);
        issues.push({ path: [id], message: entry.element.type === "repeat-field" ? M.tooManyRows(MAX_REPEAT_ROWS) : M.tooManyValues });
      } else {
        const pruned = prune(entry.element, value);
        if (pruned !== undefined) defineKey(known, id, pruned);
      }
    }
    for (const id of unknown.slice(0, MAX_UNKNOWN_LISTED)) issues.push({ path: [id], message: M.unknownElement(printable(id)) });
    if (unknown.length > MAX_UNKNOWN_LISTED) issues.push({ path: [], message: M.moreUnknownElements(unknown.length - MAX_UNKNOWN_LISTED) });

    const shapeIssues = shapeProblems(shape, known);
    const badShape = new Set([...tooMany, ...shapeIssues.map((i) => String(i.path[0]))]);
    issues.push(...shapeIssues);

    const out: Record<string, unknown> = {};
    const hidden = new Set<string>();
    logic.walk(out, (element, shown, page) => {
      const { id } = element;
      if (!shown || (opts.throughPage !== undefined && page > opts.throughPage)) return void hidden.add(id);
      if (badShape.has(id)) return;
      const value = byId.get(id)!.check(known[id], [id], issues);
      if (value !== undefined) defineKey(out, id, value);
    });
    if (hidden.size) {
      const kept = issues.filter((issue) => !(issue.path.length && hidden.has(String(issue.path[0]))));
      issues.length = 0;
      issues.push(...kept);
    }
    if (!issues.length) return { ok: true, data: out };
    // In the form's order (unknown ids last), as a respondent reads the page.
    const rank = (i: AnswerIssue) => order.get(String(i.path[0])) ?? order.size;
    return {
      ok: false,
      issues: issues
        .map((issue, n) => ({ issue, n }))
        .sort((a, b) => rank(a.issue) - rank(b.issue) || a.n - b.n)
        .map((x) => x.issue),
    };
  };
}

// ---------------------------------------------------------------------------------------
// Step 2: empty answers are no answers (also inside composite, matrix and repeat values).

function prune(element: FormElement, value: unknown): unknown {
  if (isBlank(value)) return undefined;
  switch (elementCategory(element.type)) {
    case "multi-choice":
      return Array.isArray(value) && value.length === 0 ? undefined : value;
    case "file": {
      // A file input with no file chosen posts an empty file (or, read on the server, nothing).
      const files = (Array.isArray(value) ? value : [value]).filter((f) => !isBlank(f) && !isEmptyBlob(f));
      return files.length ? files : undefined;
    }
    case "composite":
      return pruneHash(value, (part) => (isBlank(part) ? undefined : part));
    case "matrix":
      return pruneHash(value, (row) => pruneHash(row, (cell) => (isBlank(cell) || cell === false ? undefined : cell)));
    case "repeat": {
      if (!Array.isArray(value)) return value;
      const components = new Map((element.components ?? []).map((c) => [c.id, c] as const));
      // Rows keep their positions (issues point at the row the respondent sees); an
      // all-empty row becomes {} and is dropped after validation.
      const rows = value.map((row) => pruneHash(row, (v, key) => (components.has(key) ? prune(components.get(key)!, v) : v)) ?? {});
      return rows.some((r) => !isJsonObject(r) || Object.keys(r).length > 0) ? rows : undefined;
    }
    default:
      return value;
  }
}

/** A hash without its empty entries; undefined when none is left. Non-hashes are returned as given. */
function pruneHash(value: unknown, entry: (v: unknown, key: string) => unknown): unknown {
  if (!isJsonObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const kept = entry(v, k);
    if (kept !== undefined) defineKey(out, k, kept);
  }
  return Object.keys(out).length ? out : undefined;
}

// ---------------------------------------------------------------------------------------
// Step 3: the v2 shape, from lib/forms/definition.ts.

function shapeProblems(shape: z.ZodType, data: Record<string, unknown>): Issues {
  const parsed = shape.safeParse(data, {
    // definition.ts writes located messages for its own rules; zod's defaults get one here.
    error: (iss) => {
      const at = formatPath(iss.path ?? []);
      if (iss.code === "invalid_type")
        return `${at} must be ${iss.expected === "string" ? "a string" : iss.expected === "array" ? "an array" : `a ${iss.expected}`}`;
      return `${at} is not valid`;
    },
  });
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => ({
    path: i.path.filter((p): p is string | number => typeof p !== "symbol"),
    message: printable(i.message, 1_000),
  }));
}

// ---------------------------------------------------------------------------------------
// Step 4: what each answer means.

function compile(element: FormElement): Check {
  const required = element.required === true;
  const answer = compileAnswer(element);
  // A required name/address or matrix without an answer is reported per required
  // sub-field or row, where the respondent has to type or pick something.
  const parts = elementCategory(element.type) === "composite" ? (element.children ?? []).filter((c) => c.required).length : 0;
  const perPart = parts > 0 || elementCategory(element.type) === "matrix";
  return (value, path, issues) => {
    if (value !== undefined) return answer(value, path, issues);
    if (required && perPart) answer({}, path, issues);
    else if (required) issues.push({ path, message: M.required });
    return undefined;
  };
}

function compileAnswer(element: FormElement): Check {
  switch (elementCategory(element.type)) {
    case "text":
      return textCheck(element);
    case "single-choice":
      // The shape step allows only this element's option values, each once.
      return (value) => value;
    case "multi-choice":
      return choiceCountCheck(element);
    case "matrix":
      return matrixCheck(element);
    case "repeat":
      return repeatCheck(element);
    case "composite":
      return compositeCheck(element);
    case "file":
      return fileCheck(element);
    default:
      return textCheck(element);
  }
}

/** The text of a scalar answer, or undefined after adding an issue. */
function storableText(value: unknown, max: number, path: AnswerPath, issues: Issues): string | undefined {
  // Browsers post a textarea's line breaks as CRLF; one kind of line break is stored.
  const text = String(value).trim().replace(/\r\n?/g, "\n");
  // NUL and lone UTF-16 surrogates cannot be stored in PostgreSQL jsonb (the one text rule, lib/values/text.ts).
  if (textProblem(text)) issues.push({ path, message: M.badCharacters });
  else if (text.length > max) issues.push({ path, message: M.tooLong(max) });
  else return text;
  return undefined;
}

/** The longest text answer `element` takes: its own `maxLength`, else its type's default. */
export function maxLengthOf(element: { type: string; maxLength?: unknown }): number {
  const own = element.maxLength;
  if (typeof own === "number" && Number.isInteger(own) && own > 0) return own;
  return element.type === "long-text" ? LONG_TEXT_MAX_LENGTH : DEFAULT_MAX_LENGTH;
}

/** A whole number rule of an element, or null when it has none. */
const countRule = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : null);
const numberRule = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** multiple-checkbox: `minChoices` / `maxChoices`. */
function choiceCountCheck(element: FormElement): Check {
  const min = countRule(element.minChoices);
  const max = countRule(element.maxChoices);
  if (min === null && max === null) return (value) => value;
  return (value, path, issues) => {
    const n = Array.isArray(value) ? value.length : 1;
    if ((min !== null && n < min) || (max !== null && n > max)) return void issues.push({ path, message: M.choiceCount(min, max) });
    return value;
  };
}

function textCheck(element: FormElement): Check {
  const max = maxLengthOf(element);
  const min = element.type === "short-text" || element.type === "long-text" ? countRule(element.minLength) : null;
  const text = (value: unknown, path: AnswerPath, issues: Issues) => {
    const s = storableText(value, max, path, issues);
    if (s !== undefined && min !== null && [...s].length < min) return void issues.push({ path, message: M.tooShort(min) });
    return s;
  };
  switch (element.type) {
    case "email":
      return (value, path, issues) => {
        const s = text(value, path, issues);
        if (s === undefined) return undefined;
        if (s.length > 254 || !EMAIL_RE.test(s)) return void issues.push({ path, message: M.email });
        return s;
      };
    case "number": {
      const [min, max] = [numberRule(element.min), numberRule(element.max)];
      const inRange = (n: number | undefined, path: AnswerPath, issues: Issues) => {
        if (n === undefined || ((min === null || n >= min) && (max === null || n <= max))) return n;
        return void issues.push({ path, message: M.numberRange(min, max) });
      };
      return (value, path, issues) => {
        if (typeof value === "number") return inRange(finiteNumber(value, path, issues), path, issues);
        const s = text(value, path, issues);
        if (s === undefined) return undefined;
        if (!parseNumber(s)) return void issues.push({ path, message: M.number });
        return inRange(finiteNumber(Number(s), path, issues), path, issues);
      };
    }
    case "date":
      return (value, path, issues) => {
        const s = text(value, path, issues);
        if (s === undefined) return undefined;
        if (!parseDate(s)) return void issues.push({ path, message: M.date });
        return s;
      };
    case "phone":
      return phoneCheck(element.countrySelector === true, max);
    default:
      return text;
  }
}

function finiteNumber(n: number, path: AnswerPath, issues: Issues): number | undefined {
  if (!Number.isFinite(n) || Math.abs(n) > MAX_NUMBER) return void issues.push({ path, message: M.numberTooLarge });
  return n === 0 ? 0 : n; // no -0 in storage
}

/** Resolved as prefills resolve phone values (lib/phone/phone.ts): `+44-20 7123 4567` → `+442071234567`. */
function phoneCheck(countrySelector: boolean, max: number): Check {
  return (value, path, issues) => {
    const s = storableText(value, max, path, issues);
    if (s === undefined) return undefined;
    const parsed = parsePhoneValue(s, countrySelector);
    if (parsed.ok) return `${parsed.phone.dialCode ?? ""}${parsed.phone.number}`;
    const message =
      parsed.problem === "missing-dial-code"
        ? M.phoneMissingDialCode
        : parsed.problem === "unknown-dial-code"
          ? M.phoneUnknownDialCode(parsed.dialCode)
          : parsed.dialCode
            ? M.phoneNoNumber(parsed.dialCode)
            : M.phoneDigits;
    return void issues.push({ path, message });
  };
}

/** One answer per row: `{row: {column: true | column value}}` → `{row: {column: column value ?? true}}`. */
function matrixCheck(element: FormElement): Check {
  const columns = new Map((element.columns ?? []).map((c) => [c.id, c.value ?? true] as const));
  const rows = element.rows ?? [];
  return (value, path, issues) => {
    const given = value as Record<string, Record<string, unknown>>;
    const out: Record<string, Record<string, unknown>> = {};
    for (const { id: rowId } of rows) {
      const cells = Object.entries(given[rowId] ?? {});
      if (cells.length === 0) {
        if (element.required) issues.push({ path: [...path, rowId], message: M.matrixRowRequired });
        continue;
      }
      if (cells.length > 1) {
        issues.push({ path: [...path, rowId], message: M.matrixOneAnswer });
        continue;
      }
      const [columnId, cell] = cells[0]!;
      const columnValue = columns.get(columnId)!;
      if (cell !== true && cell !== columnValue) {
        issues.push({ path: [...path, rowId], message: M.matrixCell(printable(columnId)) });
        continue;
      }
      defineKey(out, rowId, { [columnId]: columnValue });
    }
    return Object.keys(out).length ? out : undefined;
  };
}

function repeatCheck(element: FormElement): Check {
  const components = (element.components ?? []).map((c) => ({ id: c.id, check: compile(c) }));
  return (value, path, issues) => {
    const rows = value as Record<string, unknown>[];
    if (rows.length > MAX_REPEAT_ROWS) return void issues.push({ path, message: M.tooManyRows(MAX_REPEAT_ROWS) });
    const out: Record<string, unknown>[] = [];
    rows.forEach((row, i) => {
      if (Object.keys(row).length === 0) return; // an empty row is no row
      const stored: Record<string, unknown> = {};
      for (const { id, check } of components) {
        const v = check(row[id], [...path, i, id], issues);
        if (v !== undefined) defineKey(stored, id, v);
      }
      out.push(stored);
    });
    if (out.length === 0 && element.required) issues.push({ path, message: M.required });
    return out.length ? out : undefined;
  };
}

/**
 * file-upload: at most `maxFiles`. Files the browser holds (the page's own check before the post)
 * are checked for size and `accept` by name and type too; the server checks them again by their
 * content as they arrive (server/uploads/multipart-submit.ts), which is the check that counts.
 */
function fileCheck(element: FormElement): Check {
  const limits = fileLimitsOf(element, MAX_FILE_SIZE_MB);
  return (value, path, issues) => {
    const files = value as unknown[];
    if (files.length > limits.maxFiles) return void issues.push({ path, message: M.tooManyFiles(limits.maxFiles) });
    for (const file of files) {
      if (typeof Blob === "undefined" || !(file instanceof Blob)) continue;
      const { name, type } = file as File;
      if (!acceptsFile(limits.accept, name ?? "", type)) return void issues.push({ path, message: M.fileType(limits.accept) });
      if (file.size > limits.maxBytes) return void issues.push({ path, message: M.fileTooLarge(limits.maxMb) });
    }
    return value;
  };
}

/** name, address: required sub-fields apply when the element is required or partly answered. */
function compositeCheck(element: FormElement): Check {
  const children = element.children ?? [];
  return (value, path, issues) => {
    const parts = value as Record<string, unknown>;
    const out: Record<string, string> = {};
    for (const child of children) {
      const at = [...path, child.fixedname];
      const part = parts[child.fixedname];
      if (part === undefined || part === null) {
        if (child.required) issues.push({ path: at, message: M.required });
        continue;
      }
      const text = storableText(part, DEFAULT_MAX_LENGTH, at, issues);
      if (text !== undefined) defineKey(out, child.fixedname, text);
    }
    return Object.keys(out).length ? out : undefined;
  };
}

// ---------------------------------------------------------------------------------------

/** Assigns even a key such as `__proto__` as an own property. */
function defineKey(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Text echoed in messages: control characters and lone surrogates replaced, at most `max` characters. */
export function printable(s: string, max = 100): string {
  const clean = s.replace(/[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
