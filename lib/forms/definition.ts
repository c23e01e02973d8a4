import { z } from "zod";
import type { Condition, FormElement, FormEnding, FormSettings } from "@/db/schema";
import { compileFormLogic } from "@/lib/logic/form-logic";
import { AppError } from "@/lib/errors";
import { formatPath } from "@/lib/values/input-paths";
import { MAX_FORM_NAME_LENGTH } from "./form-rules";
import { checkPublishing, compactPublishing, locatedMessage, ZFormPublishing } from "./form-settings";
import { MAX_FILE_SIZE_MB, MAX_FILES_PER_FIELD } from "@/lib/uploads/file-rules";
import {
  CHOICE_TYPES,
  ELEMENT_CATEGORIES,
  ELEMENT_TYPES,
  PAGE_BREAK,
  answerElements,
  elementCategory,
  walkElements,
  type ElementPath,
  type ElementType,
} from "./element-types";

/**
 * A form file (admin CLI `import-form`, test fixtures):
 *
 *   { "name": "…", "elements": [ …element tree as GET /api/v2/forms/:id returns it… ],
 *     "description"?: "…", "endings"?: [ { "id", "title", "message"?, "redirectUrl"?, "showIf"? } ],
 *     "settings"?: { "opensAt"?, "closesAt"?, "maxResponses"?, … (lib/forms/form-settings.ts) },
 *     "submissions"?: [ { "data": {…}, "createdAt"?, "updatedAt"?, "duration"?, "spam"? } ] }
 *
 * Element objects (and their options, rows, columns, children) keep any extra properties;
 * the envelope and submission objects are strict, so a typo such as `submission` is an
 * error instead of silently importing nothing.
 */
export type ImportedSubmission = {
  data: Record<string, unknown>;
  createdAt?: string;
  updatedAt?: string;
  duration?: number;
  spam?: boolean;
};
export type FormDefinition = {
  name: string;
  elements: FormElement[];
  /** Only when the file has a description, endings or settings (stored as `publishing`). */
  settings?: FormSettings;
  submissions: ImportedSubmission[];
};

/** At most this many problems are listed in one error message. */
const MAX_LISTED_ISSUES = 5;

// ---------------------------------------------------------------------------------------
// Messages: every issue names where it is, as `elements[2].options[0].id`.

type Issue = z.core.$ZodRawIssue;

/** `["elements", 2, "options"]` → `elements[2].options`; odd keys are quoted: `data["my field"]`. */
const quoteList = (items: readonly unknown[], max = 10) =>
  items
    .slice(0, max)
    .map((v) => `'${String(v)}'`)
    .join(", ") + (items.length > max ? `, … (${items.length - max} more)` : "");

const EXPECTED: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "true or false",
  object: "an object",
  record: "an object",
  array: "an array",
};

/** A schema-level `error` callback that gets the formatted location. */
const msg =
  (fn: (at: string, iss: Issue) => string | undefined) =>
  (iss: Issue): string | undefined =>
    fn(formatPath(iss.path ?? []) || "the form file", iss);

/** The fallback for every issue without its own message (passed to each parse). */
const defaultMessage = msg((at, iss) => {
  switch (iss.code) {
    case "invalid_type":
      if (iss.input === undefined) return `${at} is required`;
      if ((iss.path ?? []).length === 0) return `${at} must be a JSON object`;
      return `${at} must be ${EXPECTED[iss.expected] ?? iss.expected}`;
    case "too_small":
      if (iss.origin === "array") return iss.minimum === 1 ? `${at} must not be empty` : `${at} must have at least ${iss.minimum} items`;
      if (iss.origin === "string")
        return iss.minimum === 1 ? `${at} must not be empty` : `${at} must be at least ${iss.minimum} characters`;
      return `${at} must be at least ${iss.minimum}`;
    case "too_big":
      if (iss.origin === "array") return `${at} must have at most ${iss.maximum} items`;
      if (iss.origin === "string") return `${at} must be at most ${iss.maximum} characters`;
      return `${at} must be at most ${iss.maximum}`;
    case "invalid_format":
      if (iss.format === "datetime") return `${at} must be an ISO 8601 date-time with a time zone, e.g. 2024-05-01T09:30:00Z`;
      return `${at} is not a valid ${iss.format}`;
    case "unrecognized_keys":
      return `${at} has unknown propert${iss.keys.length === 1 ? "y" : "ies"} ${quoteList(iss.keys)}`;
    case "invalid_value":
      return `${at} must be one of ${quoteList(iss.values)}`;
    default:
      return `${at} is not valid`;
  }
});

/** A strict object whose unknown-key message lists what is allowed. */
function strictObject<S extends z.core.$ZodLooseShape>(shape: S) {
  const allowed = Object.keys(shape).join(", ");
  return z.strictObject(shape, {
    error: msg((at, iss) =>
      iss.code === "unrecognized_keys"
        ? `${at} has unknown propert${iss.keys.length === 1 ? "y" : "ies"} ${quoteList(iss.keys)} (allowed: ${allowed})`
        : undefined,
    ),
  });
}

// ---------------------------------------------------------------------------------------
// The element tree (db/schema/elements.ts).

/** Element, option, row, column ids and fixednames. */
const ZKey = z
  .string()
  .min(1)
  .max(200)
  .refine((s) => s.trim() === s, { error: msg((at) => `${at} must not start or end with whitespace`) });

const ZOption = z.object({ id: ZKey, label: z.string(), value: z.string() }).loose();
const ZAxisItem = z.object({ id: ZKey, label: z.string(), value: z.string().optional() }).loose();
const ZChild = z.object({ fixedname: ZKey, label: z.string(), required: z.boolean() }).loose();

const describeTypes = (types: readonly string[]) => types.join(", ");

/** A structural key the type needs: `elements[2].options is required for 'radio' elements`. */
const requiredFor = <T extends z.ZodType>(type: ElementType, item: T) =>
  z.array(item, { error: msg((at, iss) => (iss.input === undefined ? `${at} is required for '${type}' elements` : undefined)) }).min(1);

/** A structural key the type must not carry (the API would return it as if it meant something). */
const forbidden = (types: readonly string[]) =>
  z.undefined({ error: msg((at) => `${at} is only allowed on ${describeTypes(types)} elements`) }).optional();

/** Texts a respondent reads beside a field, and the longest of them. */
const MAX_HELP_TEXT = 2_000;
const ZHelpText = z.string().max(MAX_HELP_TEXT);
const ZCount = z.int().min(0).max(1_000_000);

/** Field rules (enforced by lib/answers/validate-answers.ts), each on the types it means something for. */
const TEXT_LENGTH_TYPES = ["short-text", "long-text"] as const;
const CHOICE_COUNT_TYPES = ["multiple-checkbox"] as const;
const onlyOn = <T extends z.ZodType>(types: readonly string[], type: string, schema: T) =>
  (types.includes(type) ? schema.optional() : forbidden(types)) as z.ZodOptional<T>;

function elementSchema(type: ElementType, top: boolean) {
  const category = elementCategory(type)!;
  return z
    .object({
      id: ZKey,
      label: z.string(),
      type: z.literal(type),
      required: z.boolean().optional(),
      ...(type === "phone" ? { countrySelector: z.boolean().optional() } : {}),
      options: category === "single-choice" || category === "multi-choice" ? requiredFor(type, ZOption) : forbidden(CHOICE_TYPES),
      rows: category === "matrix" ? requiredFor(type, ZAxisItem) : forbidden(ELEMENT_CATEGORIES.matrix),
      columns: category === "matrix" ? requiredFor(type, ZAxisItem) : forbidden(ELEMENT_CATEGORIES.matrix),
      components:
        category === "repeat"
          ? requiredFor(
              type,
              z.lazy(() => ZComponent),
            )
          : forbidden(ELEMENT_CATEGORIES.repeat),
      children: category === "composite" ? requiredFor(type, ZChild) : forbidden(ELEMENT_CATEGORIES.composite),
      showIf: top ? z.unknown().optional() : z.undefined({ error: msg((at) => `${at} is only allowed on top-level elements`) }).optional(),
      description: ZHelpText.optional(),
      placeholder: ZHelpText.optional(),
      min: onlyOn(["number"], type, z.number()),
      max: onlyOn(["number"], type, z.number()),
      minLength: onlyOn(TEXT_LENGTH_TYPES, type, ZCount),
      // Read by every text type since before field rules (maxLengthOf); a positive integer.
      maxLength: onlyOn(ELEMENT_CATEGORIES.text, type, ZCount.min(1)),
      minChoices: onlyOn(CHOICE_COUNT_TYPES, type, ZCount),
      maxChoices: onlyOn(CHOICE_COUNT_TYPES, type, ZCount.min(1)),
      maxFiles: onlyOn(ELEMENT_CATEGORIES.file, type, z.int().min(1).max(MAX_FILES_PER_FIELD)),
      maxFileSizeMb: onlyOn(
        ELEMENT_CATEGORIES.file,
        type,
        z
          .number()
          .positive({ error: msg((at) => `${at} must be greater than 0`) })
          .max(MAX_FILE_SIZE_MB),
      ),
      accept: onlyOn(ELEMENT_CATEGORIES.file, type, z.array(ZAcceptItem).max(50)),
    })
    .loose()
    .refine((el) => !above(el.min, el.max), { path: ["min"], error: msg((at) => `${at} must not be greater than max`) })
    .refine((el) => !above(el.minLength, el.maxLength), {
      path: ["minLength"],
      error: msg((at) => `${at} must not be greater than maxLength`),
    })
    .refine((el) => !above(el.minChoices, el.maxChoices), {
      path: ["minChoices"],
      error: msg((at) => `${at} must not be greater than maxChoices`),
    })
    .refine((el) => !above(el.minChoices, Array.isArray(el.options) ? el.options.length : undefined), {
      path: ["minChoices"],
      error: msg((at) => `${at} must not be more than the number of options`),
    });
}

/** `accept` items: a file name extension (`.pdf`) or a media type (`application/pdf`, `image/*`), as the HTML attribute takes. */
const ZAcceptItem = z.string().regex(/^(\.[A-Za-z0-9][A-Za-z0-9.+_-]{0,19}|[a-z]+\/(\*|[a-z0-9][a-z0-9.+_-]{0,99}))$/i, {
  error: msg((at) => `${at} must be a file name extension such as .pdf or a media type such as image/png or image/*`),
});

const above = (lo: unknown, hi: unknown) => typeof lo === "number" && typeof hi === "number" && lo > hi;

/** `{ "id": "pg_about", "type": "page-break", "label": "About you", "showIf"?: … }`: a new page starts here. */
const ZPageBreak = z
  .object({
    id: ZKey,
    label: z.string(),
    type: z.literal(PAGE_BREAK),
    showIf: z.unknown().optional(),
    description: ZHelpText.optional(),
    required: z.undefined({ error: msg((at) => `${at} is not allowed on page breaks`) }).optional(),
    options: forbidden(CHOICE_TYPES),
    rows: forbidden(ELEMENT_CATEGORIES.matrix),
    columns: forbidden(ELEMENT_CATEGORIES.matrix),
    components: forbidden(ELEMENT_CATEGORIES.repeat),
    children: forbidden(ELEMENT_CATEGORIES.composite),
  })
  .loose();

type ElementSchema = ReturnType<typeof elementSchema> | typeof ZPageBreak;

/** The union reports an unknown discriminator at `<element>.type`, with the element as input. */
const unknownType = (known: readonly string[]) =>
  msg((at, iss) => {
    if (iss.code !== "invalid_union") return undefined;
    const type = (iss.input as { type?: unknown } | undefined)?.type;
    if (type === undefined) return `${at} is required`;
    if (typeof type !== "string") return `${at} must be a string`;
    if (type === PAGE_BREAK || type === FILE_UPLOAD) return `${at} '${type}' is only allowed at the top level of a form`;
    return `${at} '${type}' is not a known element type (known: ${known.join(", ")})`;
  });

const union = (schemas: ElementSchema[], known: readonly string[]) =>
  z.discriminatedUnion("type", schemas as unknown as [ElementSchema, ...ElementSchema[]], {
    error: unknownType(known),
  }) as unknown as z.ZodType<FormElement>;

/** Elements of a form (page breaks included) and of a repeat field (without). */
// The known types listed are those of answers; a misplaced page break has its own message.
const ZElement: z.ZodType<FormElement> = union([...ELEMENT_TYPES.map((t) => elementSchema(t, true)), ZPageBreak], ELEMENT_TYPES);
// A repeat field's rows take no files: a file answer is a top-level list (server/uploads/).
const FILE_UPLOAD: ElementType = "file-upload";
const COMPONENT_TYPES = ELEMENT_TYPES.filter((t) => t !== FILE_UPLOAD);
const ZComponent: z.ZodType<FormElement> = union(
  COMPONENT_TYPES.map((t) => elementSchema(t, false)),
  COMPONENT_TYPES,
);

/**
 * Ids must be unique where they are looked up: element ids across the whole tree (they key
 * submission data and prefill data and name filter fields), option ids and values within an
 * element (prefills use ids, data uses values), row and column ids within a matrix, and
 * fixednames within a composite. Reported at the first use, naming the second.
 */
function checkUniqueIds(elements: readonly FormElement[], ctx: z.RefinementCtx) {
  const duplicate = (path: ElementPath, key: string, value: string, againAt: ElementPath) =>
    ctx.addIssue({
      code: "custom",
      path: [...path, key],
      message: `${formatPath([...path, key])} '${value}' is used twice (again at ${formatPath(againAt)})`,
    });
  const uniqueIn = (items: readonly Record<string, unknown>[] | undefined, path: ElementPath, key: string) => {
    const seen = new Map<string, number>();
    items?.forEach((item, i) => {
      const value = String(item[key]);
      const first = seen.get(value);
      if (first === undefined) seen.set(value, i);
      else duplicate([...path, first], key, value, [...path, i]);
    });
  };

  const firstUse = new Map<string, ElementPath>();
  for (const { element, path } of walkElements(elements)) {
    const first = firstUse.get(element.id);
    if (first) duplicate(first, "id", element.id, path);
    else firstUse.set(element.id, path);
    uniqueIn(element.options, [...path, "options"], "id");
    uniqueIn(element.options, [...path, "options"], "value");
    uniqueIn(element.rows, [...path, "rows"], "id");
    uniqueIn(element.columns, [...path, "columns"], "id");
    uniqueIn(element.children, [...path, "children"], "fixedname");
  }
}

// ---------------------------------------------------------------------------------------
// The form's own texts and its endings (`forms.settings`).

export const MAX_ENDINGS = 20;

const ZRedirectUrl = z.string().refine(
  (s) => {
    try {
      const url = new URL(s);
      return (url.protocol === "https:" || url.protocol === "http:") && s.length <= 2_000;
    } catch {
      return false;
    }
  },
  { error: msg((at) => `${at} must be an http(s) URL, like https://example.com/thanks`) },
);

const ZEnding = strictObject({
  id: ZKey,
  title: z.string().max(200),
  message: ZHelpText.optional(),
  redirectUrl: ZRedirectUrl.optional(),
  // Checked by checkLogic, with the form's fields at hand.
  showIf: z.custom<Condition>(() => true).optional(),
});

const ZSettingsShape = {
  description: ZHelpText.optional(),
  endings: z.array(ZEnding).max(MAX_ENDINGS).optional(),
};

/** Ending ids are unique; every condition names earlier fields, with an operator and value the field takes. */
function checkLogic(tree: { elements: readonly FormElement[]; endings?: readonly FormEnding[] }, ctx: z.RefinementCtx) {
  const seen = new Map<string, number>();
  tree.endings?.forEach((ending, i) => {
    const first = seen.get(ending.id);
    if (first === undefined) seen.set(ending.id, i);
    else
      ctx.addIssue({
        code: "custom",
        path: ["endings", first, "id"],
        message: `${formatPath(["endings", first, "id"])} '${ending.id}' is used twice (again at ${formatPath(["endings", i])})`,
      });
  });
  const logic = compileFormLogic(tree.elements, { endings: tree.endings ? [...tree.endings] : undefined });
  for (const problem of logic.problems) ctx.addIssue({ code: "custom", path: problem.path, message: problem.message });
}

/** The settings a definition carries, without keys it leaves out (a form without them stores `{}`). */
function settingsOf(file: { description?: string; endings?: FormEnding[]; settings?: FormSettings["publishing"] }): FormSettings {
  const publishing = compactPublishing(file.settings);
  return {
    ...(file.description !== undefined ? { description: file.description } : {}),
    ...(file.endings?.length ? { endings: file.endings } : {}),
    ...(publishing ? { publishing } : {}),
  };
}

// ---------------------------------------------------------------------------------------
// Submissions: metadata first, then `data` against the element tree (the v2 shape: ZV2Submission's `data`).

const ZDateTime = z.iso.datetime({ offset: true });

const ZSubmission = strictObject({
  data: z.record(z.string(), z.unknown()),
  createdAt: ZDateTime.optional(),
  updatedAt: ZDateTime.optional(),
  duration: z.int().min(0).max(2_147_483_647).optional(),
  spam: z.boolean().optional(),
}).refine((s) => !s.createdAt || !s.updatedAt || Date.parse(s.updatedAt) >= Date.parse(s.createdAt), {
  path: ["updatedAt"],
  error: msg((at) => `${at} must not be before createdAt`),
});

const ZFormFile = strictObject({
  name: z.string().trim().min(1).max(MAX_FORM_NAME_LENGTH),
  elements: z.array(ZElement),
  ...ZSettingsShape,
  settings: ZFormPublishing.optional(),
  submissions: z.array(ZSubmission).optional(),
}).superRefine((file, ctx) => {
  checkUniqueIds(file.elements, ctx);
  checkLogic(file, ctx);
  checkPublishing(file.settings, file.elements, ctx, ["settings"]);
});

/** A strict object for values keyed by ids: `… has unknown row id 'r9'`. */
function keyedObject(shape: Record<string, z.ZodType>, what: string) {
  return z.strictObject(shape, {
    error: msg((at, iss) =>
      iss.code === "unrecognized_keys"
        ? `${at} has unknown ${what}${iss.keys.length === 1 ? "" : "s"} ${quoteList(iss.keys)} (known: ${quoteList(Object.keys(shape))})`
        : iss.input !== undefined
          ? `${at} must be an object keyed by ${what}`
          : undefined,
    ),
  });
}

const scalar = (what: string, ...schemas: [z.ZodType, z.ZodType, ...z.ZodType[]]) =>
  z.union(schemas, { error: msg((at) => `${at} must be ${what}`) });

/** The value schema of one element in v2 `data`; null means "no answer". */
function valueSchema(element: FormElement): z.ZodType {
  const category = elementCategory(element.type);
  switch (category) {
    case "text":
      return element.type === "phone" ? z.string() : scalar("a string or a number", z.string(), z.number());
    case "single-choice":
    case "multi-choice": {
      const values = (element.options ?? []).map((o) => o.value);
      const one = z.string().refine((v) => values.includes(v), {
        error: msg((at) => `${at} must be one of the option values of '${element.id}' (${quoteList(values)})`),
      });
      if (category === "single-choice") return one;
      return z
        .array(one, { error: msg((at, iss) => (iss.input === undefined ? undefined : `${at} must be an array of option values`)) })
        .refine((list) => new Set(list).size === list.length, { error: msg((at) => `${at} must not list an option twice`) });
    }
    case "matrix": {
      const cell = scalar("a string, a number or true/false", z.string(), z.number(), z.boolean()).nullable();
      const columns = Object.fromEntries((element.columns ?? []).map((c) => [c.id, cell.optional()]));
      const rows = Object.fromEntries((element.rows ?? []).map((r) => [r.id, keyedObject(columns, "column id").optional()]));
      return keyedObject(rows, "row id");
    }
    case "repeat":
      return z.array(dataSchema(element.components ?? [], "component id"), {
        error: msg((at, iss) => (iss.input === undefined ? undefined : `${at} must be an array of objects keyed by component id`)),
      });
    case "composite": {
      const fields = Object.fromEntries((element.children ?? []).map((c) => [c.fixedname, z.string().nullable().optional()]));
      return keyedObject(fields, "sub-field");
    }
    case "file":
      // Upload tokens (server/uploads/upload-token.ts) as a submit carries them, or the stored files a submission holds.
      return z.array(
        z.union([z.string().max(2_000), ZStoredFile, ZChosenFile], { error: msg((at) => `${at} must list files sent with the form`) }),
        {
          error: msg((at, iss) => (iss.input === undefined ? undefined : `${at} must be an array of files`)),
        },
      );
    default:
      return z.never();
  }
}

/** A file as a submission stores it (server/uploads/): the file's id, with what the respondent sent. */
const ZStoredFile = z.strictObject({
  id: z.uuid(),
  name: z.string().max(255),
  size: z.int().min(0),
  contentType: z.string().max(255),
});

/** A file the survey page's own check sees before the post (the browser's form data holds a File). */
const ZChosenFile = z.custom<Blob>((v) => typeof Blob !== "undefined" && v instanceof Blob);

/**
 * `data` of a submission (or of one repeat-field row): keyed by element id. The shape of
 * every element's value; survey submissions check their answers against it too.
 */
export function dataSchema(elements: readonly FormElement[], what = "element id"): z.ZodType {
  return keyedObject(Object.fromEntries(answerElements(elements).map((e) => [e.id, valueSchema(e).nullable().optional()])), what);
}

// ---------------------------------------------------------------------------------------
// Publishing from the builder: the same element rules as a form file, plus what a respondent
// needs to read the form (a form file may leave labels empty; the builder may not publish so).

/** One problem of an element tree, where it is (`["elements", 2, "options"]`) and what it is. */
export type ElementProblem = { path: (string | number)[]; message: string; reason: string };

const ZNonEmptyLabel = z.string().refine((s) => s.trim() !== "", { error: msg((at) => `${at} must not be empty`) });
const labelled = <T extends z.ZodType>(item: T) => z.array(z.object({ label: ZNonEmptyLabel }).loose().and(item));

/** Labels a respondent reads: elements, options, matrix rows and columns, repeat components. */
const ZPublishLabels: z.ZodType = z.lazy(() =>
  z.array(
    z
      .object({
        label: ZNonEmptyLabel,
        options: labelled(z.unknown()).optional(),
        rows: labelled(z.unknown()).optional(),
        columns: labelled(z.unknown()).optional(),
        components: ZPublishLabels.optional(),
      })
      .loose(),
  ),
);

const ZPublishedTree = z
  .object({ elements: z.array(ZElement), ...ZSettingsShape, settings: ZFormPublishing.optional() })
  .superRefine((tree, ctx) => {
    checkUniqueIds(tree.elements, ctx);
    checkLogic(tree, ctx);
    checkPublishing(tree.settings, tree.elements, ctx, ["settings"]);
  })
  .and(z.object({ elements: ZPublishLabels, endings: z.array(z.object({ title: ZNonEmptyLabel }).loose()).optional() }));

/**
 * Every problem that keeps a form (its element tree and settings) from being published, each
 * with its path (the builder shows it beside its element or ending). Empty when it may go live.
 */
export function publishProblems(elements: unknown, settings: FormSettings = {}): ElementProblem[] {
  const { publishing, ...texts } = settings;
  // The builder names the publishing settings `settings`, as the form file and the v2 detail do.
  const tree = { elements, ...texts, ...(publishing ? { settings: publishing } : {}) };
  const result = ZPublishedTree.safeParse(tree, { error: defaultMessage });
  if (result.success) return [];
  const seen = new Set<string>();
  return result.error.issues.flatMap((issue) => {
    const path = issue.path.filter((k): k is string | number => typeof k !== "symbol");
    const where = formatPath(path);
    const message = locatedMessage(issue);
    const key = `${where}\u0000${message}`;
    if (seen.has(key)) return [];
    seen.add(key);
    const reason = message.startsWith(where) ? message.slice(where.length).trim() : message;
    return [{ path, message, reason }];
  });
}

// ---------------------------------------------------------------------------------------

function fail(issues: string[]): never {
  const listed = issues.slice(0, MAX_LISTED_ISSUES);
  const more = issues.length - listed.length;
  throw new AppError("BAD_REQUEST", listed.join("; ") + (more > 0 ? `; and ${more} more problem${more === 1 ? "" : "s"}` : ""));
}

/**
 * Validates a form file and returns it typed. Throws AppError BAD_REQUEST whose message says
 * where each problem is (e.g. `elements[2].options is required for 'radio' elements`);
 * several problems are joined with `; `.
 */
export function parseFormDefinition(input: unknown): FormDefinition {
  const result = ZFormFile.safeParse(input, { error: defaultMessage });
  if (!result.success) fail(result.error.issues.map(locatedMessage));
  const { name, elements, submissions = [] } = result.data;
  const settings = settingsOf(result.data);

  if (submissions.length) {
    // Parsed from the root so that paths (and messages) read `submissions[3].data.q1`.
    const ZData = z.object({ submissions: z.array(z.object({ data: dataSchema(elements) }).loose()) });
    const checked = ZData.safeParse({ submissions }, { error: defaultMessage });
    if (!checked.success) fail(checked.error.issues.map((i) => i.message));
  }
  return { name, elements, ...(Object.keys(settings).length ? { settings } : {}), submissions };
}
