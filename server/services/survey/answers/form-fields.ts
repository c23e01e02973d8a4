import "server-only";
import { elementCategory } from "@/lib/forms/element-types";
import { ANSWER_MESSAGES as M } from "@/lib/answers/messages";
import { printable, type AnswersResult } from "@/lib/answers/validate-answers";

/**
 * Posted form fields, read against the form's elements before Conform sees them. Conform nests
 * fields by their names (`a.b[0]`) and echoes them back as the values the page renders with; a
 * value of a shape the element's field cannot show (a ranking posted as `priorities.x`, a repeat
 * field as one value) made the page throw, and a name that is a built-in property of JavaScript
 * objects (`toString`, `x.valueOf`) made Conform itself throw. So each element's fields must
 * follow the README's naming rules:
 *
 * | element                          | fields                                                  |
 * |----------------------------------|---------------------------------------------------------|
 * | text types, hidden, single choice| `<id>` once                                             |
 * | phone                            | `<id>` once, or `<id>.country` and `<id>.number` once each |
 * | multiple-checkbox, ranking       | `<id>` or `<id>[]` once per value, or `<id>[i]` (distinct i): rewritten to `<id>[0]`, `<id>[1]`, … |
 * | matrix, name, address            | `<id>.<key>` once per key                               |
 * | repeat-field                     | `<id>[<row>].<component>…` (each component by these rules) |
 *
 * An element posted otherwise is a wrong shape: its fields are left out and the element gets
 * the validator's own sentence for a value of the wrong shape (what the JSON endpoint says).
 * Names under no element are left for the validator to report (`'x' is not an element of
 * this form`), unless Conform cannot hold them (built-in names, broken bracket syntax): those are
 * reported here for the whole form. Names starting with `_` that are no element are reserved
 * (`_start`, `_website`) and never data.
 */

type Pair = readonly [string, string];
type Path = (string | number)[];
/** The parts of a form element the naming rules read (stored and page elements alike). */
export type FieldElement = { id: string; type: string; components?: readonly FieldElement[] };

export type ReadFields = {
  /** The fields Conform may read, list names rewritten to consecutive indexes, with the list change (if any) the page could make. */
  fields: [string, string][];
  /** Elements posted in a wrong shape, by id. */
  wrongShape: string[];
  /** Names under no element that Conform cannot hold. */
  unreadable: string[];
};

/** Conform's own field-name grammar: `key`, `.key` and `[index]` tokens. */
const TOKEN = /([^.[\]]+)|\[(\d*)\]/g;

/**
 * The path a field name stands for, or null when Conform cannot hold it (broken syntax, a
 * built-in name). A trailing `[]` (`products[]`, as PHP-style forms post lists) is `""`.
 */
export function fieldPath(name: string): Path | null {
  const path: Path = [];
  let at = 0;
  for (const match of name.matchAll(TOKEN)) {
    const gap = match.index - at;
    if (gap !== 0 && !(gap === 1 && name[at] === "." && path.length > 0 && match[1] !== undefined)) return null;
    const [, key, index] = match;
    if (key !== undefined) {
      // `toString` would read Object.prototype's function, `__proto__` the prototype itself.
      if (key in Object.prototype) return null;
      path.push(key);
    } else if (index === "") {
      if (match.index + 2 !== name.length || path.length === 0) return null;
      path.push("");
    } else {
      if (!index || index.length > 9) return null;
      path.push(Number(index));
    }
    at = match.index + match[0].length;
  }
  return at === name.length && path.length > 0 ? path : null;
}

/** A path back to a field name: `a[0].b`. */
const nameOf = (path: Path) => path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("");

type Entry = { rest: Path; value: string };

/** An element's fields as they are to be read (rest of each path below the element), or null for a wrong shape. */
function shaped(element: FieldElement, entries: Entry[]): Entry[] | null {
  const keys = entries.map((e) => e.rest);
  const distinct = () => new Set(keys.map((k) => String(k[0]))).size === keys.length;
  const all = (test: (rest: Path) => boolean) => keys.every(test);
  const key = (segment: string | number | undefined) => typeof segment === "string" && segment !== "";
  switch (elementCategory(element.type)) {
    case "multi-choice": {
      // `<id>` once per value, or `<id>[]`: the values in posted order.
      if (all((r) => r.length === 0 || (r.length === 1 && r[0] === ""))) return entries.map((e, i) => ({ rest: [i], value: e.value }));
      if (!all((r) => r.length === 1 && typeof r[0] === "number") || !distinct()) return null;
      // Items in index order, without the holes of a sparse list.
      const ordered = [...entries].sort((a, b) => (a.rest[0] as number) - (b.rest[0] as number));
      return ordered.map((e, i) => ({ rest: [i], value: e.value }));
    }
    case "file":
      // `<id>` once per file (a file part read into an upload token, or a token carried from an earlier step).
      return all((r) => r.length === 0) ? entries.map((e, i) => ({ rest: [i], value: e.value })) : null;
    case "matrix":
    case "composite":
      return all((r) => r.length === 1 && key(r[0])) && distinct() ? entries : null;
    case "repeat": {
      if (!all((r) => r.length >= 2 && typeof r[0] === "number" && key(r[1]))) return null;
      const components = new Map((element.components ?? []).map((c) => [c.id, c] as const));
      const cells = new Map<string, { component: FieldElement; row: number; entries: Entry[] }>();
      for (const { rest, value } of entries) {
        const [row, id] = rest as [number, string];
        // A component the form does not have is read as one value, for the validator to report.
        const component = components.get(id) ?? { id, type: "short-text" };
        const cell =
          cells.get(`${row}\u0000${id}`) ?? cells.set(`${row}\u0000${id}`, { component, row, entries: [] }).get(`${row}\u0000${id}`)!;
        cell.entries.push({ rest: rest.slice(2), value });
      }
      const out: Entry[] = [];
      for (const { component, row, entries: own } of cells.values()) {
        const read = shaped(component, own);
        if (!read) return null;
        out.push(...read.map((e) => ({ rest: [row, component.id, ...e.rest], value: e.value })));
      }
      return out;
    }
    default:
      if (element.type === "phone" && entries.length && all((r) => r.length === 1 && (r[0] === "country" || r[0] === "number")))
        return distinct() ? entries : null;
      return entries.length === 1 && keys[0]!.length === 0 ? entries : null;
  }
}

/** The list field a path names (`colleagues`, `colleagues[2].<ranking component>`), or null. */
function listAt(byId: ReadonlyMap<string, FieldElement>, path: Path): FieldElement | null {
  let element = byId.get(String(path[0]));
  for (let i = 1; element && i < path.length; i += 2) {
    if (elementCategory(element.type) !== "repeat" || typeof path[i] !== "number" || typeof path[i + 1] !== "string") return null;
    element = element.components?.find((c) => c.id === path[i + 1]);
  }
  const category = element && elementCategory(element.type);
  return category === "multi-choice" || category === "repeat" ? element! : null;
}

/** A JSON value as the form fields that would post it under `path`, or null when no fields could (numbers, booleans, null). */
function asFields(value: unknown, path: Path): [string, string][] | null {
  if (typeof value === "string") return [[nameOf(path), value]];
  const parts = Array.isArray(value)
    ? value.map((v, i) => asFields(v, [...path, i]))
    : value && typeof value === "object"
      ? Object.entries(value).map(([k, v]) => asFields(v, [...path, k]))
      : [null];
  return parts.some((p) => p === null) ? null : parts.flatMap((p) => p!);
}

/**
 * Whether an `__intent__` is a list change the page could have made (add or remove a repeat
 * row, move a ranking item): on a list field, inserting an item that posts by the naming rules.
 * Conform applies it after the fields are read, so anything else could still give the page a
 * value it cannot show.
 */
function isPageListChange(elements: readonly FieldElement[], byId: ReadonlyMap<string, FieldElement>, raw: string): boolean {
  let intent: { type?: unknown; payload?: { name?: unknown; defaultValue?: unknown } } | null;
  try {
    intent = JSON.parse(raw);
  } catch {
    return false;
  }
  const name = intent?.payload?.name;
  const path = typeof name === "string" ? fieldPath(name) : null;
  if (!path || !listAt(byId, path)) return false;
  const item = intent!.payload!.defaultValue;
  if (intent!.type !== "insert" || item === undefined || item === null) return true;
  const fields = asFields(item, [...path, 0]);
  if (!fields) return false;
  const read = readFormFields(elements, fields);
  return read.wrongShape.length === 0 && read.unreadable.length === 0;
}

/** Reads posted fields by the naming rules; keeps the first `__intent__` that is a list change the page could make. */
export function readFormFields(elements: readonly FieldElement[], fields: readonly Pair[]): ReadFields {
  const byId = new Map(elements.map((e) => [e.id, e] as const));
  const groups = new Map<string, Entry[]>();
  const wrongShape = new Set<string>();
  const unreadable: string[] = [];
  const ownerOf = (name: string) => elements.find((e) => name.startsWith(e.id) && (name[e.id.length] === "." || name[e.id.length] === "["));

  for (const [name, value] of fields) {
    if (name === "__intent__" || name === "__state__") continue;
    const path = fieldPath(name);
    const top = path ? String(path[0]) : name;
    const element = path ? byId.get(top) : undefined;
    if (element) {
      const group = groups.get(element.id) ?? groups.set(element.id, []).get(element.id)!;
      group.push({ rest: path!.slice(1), value });
    } else if (!path) {
      // Under an element (`email.toString`, `priorities[`): that element's wrong shape.
      const owner = byId.get(name) ?? ownerOf(name);
      if (owner) wrongShape.add(owner.id);
      else if (!name.startsWith("_")) unreadable.push(name);
    }
  }

  const read = new Map<string, [string, string][]>();
  for (const [id, entries] of groups) {
    const element = byId.get(id)!;
    const ok = wrongShape.has(id) ? null : shaped(element, entries);
    if (ok)
      read.set(
        id,
        ok.map((e) => [nameOf([id, ...e.rest]), e.value]),
      );
    else wrongShape.add(id);
  }

  // In the posted order: each element's fields where its first one was, everything else as it came.
  const out: [string, string][] = [];
  let intent = false;
  for (const [name, value] of fields) {
    if (name === "__intent__" || name === "__state__") {
      // Conform reads the first one only.
      if (name === "__intent__" && !intent && isPageListChange(elements, byId, value)) {
        out.push([name, value]);
        intent = true;
      }
      continue;
    }
    const path = fieldPath(name);
    if (!path) continue;
    const top = String(path[0]);
    if (byId.has(top)) {
      const own = read.get(top);
      if (own) out.push(...own);
      read.delete(top);
    } else if (!top.startsWith("_") || name === "_start" || name === "_website") {
      out.push([name, value]);
    }
  }
  return { fields: out, wrongShape: [...wrongShape], unreadable };
}

/** Unreadable names listed one by one; the rest are counted (as the validator does with unknown ids). */
const MAX_LISTED = 20;

/**
 * The problems of a read as Conform's errors, or null: each wrong-shaped element gets the
 * validator's sentence for an answer of the wrong shape, as the JSON endpoint words it
 * (`priorities must be an array of option values`; `true` is the right shape of no element);
 * unreadable names are the whole form's (key "").
 */
export function fieldProblems(read: ReadFields, validate: (data: unknown) => AnswersResult): Record<string, string[]> | null {
  const problems: Record<string, string[]> = {};
  for (const id of read.wrongShape) {
    const result = validate({ [id]: true });
    const issue = result.ok ? undefined : result.issues.find((i) => i.path.length === 1 && i.path[0] === id);
    Object.defineProperty(problems, id, {
      value: [issue?.message ?? `${printable(id)} is not valid`],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  const { unreadable } = read;
  if (unreadable.length) {
    problems[""] = unreadable.slice(0, MAX_LISTED).map((name) => M.unknownElement(printable(name)));
    if (unreadable.length > MAX_LISTED) problems[""].push(M.moreUnknownElements(unreadable.length - MAX_LISTED));
  }
  return Object.keys(problems).length ? problems : null;
}
