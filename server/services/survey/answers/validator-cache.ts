import "server-only";
import type { FormElement, FormSettings } from "@/db/schema";
import { surveyFormSchema } from "@/lib/answers/form-schema";
import { createAnswersValidator } from "@/lib/answers/validate-answers";
import { compileFormLogic, type FormLogic } from "@/lib/logic/form-logic";

/**
 * Compiled answer checks per form version. Building them costs ~1 ms for a small form (zod
 * schemas for every element), more than checking an answer; a form's elements change only
 * with its `updated_at`, so `<form id>:<version>` names one version: the microsecond version
 * a submit's statement checks (forms/form-version.ts) where the form carries it, else
 * `updated_at` in ms. At most MAX forms are kept, least recently used out first.
 */
const MAX = 500;

type Compiled = {
  validate: ReturnType<typeof createAnswersValidator>;
  formSchema?: ReturnType<typeof surveyFormSchema>;
  logic?: FormLogic;
  steps?: Map<number, ReturnType<typeof surveyFormSchema>>;
};
type Versioned = { id: number; updatedAt: Date; elements: FormElement[]; settings?: FormSettings; version?: string };

const globalForCache = globalThis as unknown as { formhouseAnswerChecks?: Map<string, Compiled> };
const cache = (globalForCache.formhouseAnswerChecks ??= new Map());

function compiled(form: Versioned): Compiled {
  const key = `${form.id}:${form.version ?? form.updatedAt.getTime()}`;
  let entry = cache.get(key);
  if (entry) {
    cache.delete(key); // most recently used goes last
  } else {
    entry = { validate: createAnswersValidator(form.elements) };
    if (cache.size >= MAX) cache.delete(cache.keys().next().value!);
  }
  cache.set(key, entry);
  return entry;
}

/** The answers validator of this form version (JSON bodies). */
export const answersValidatorFor = (form: Versioned) => compiled(form).validate;

/** The logic of this form version (its pages, conditions and endings: lib/logic/form-logic.ts). */
export function formLogicFor(form: Versioned): FormLogic {
  const entry = compiled(form);
  entry.logic ??= compileFormLogic(form.elements, form.settings);
  return entry.logic;
}

/** A form's id and how many pages it has (what a resume needs). */
export const pagesOf = (form: Versioned) => ({ id: form.id, pages: formLogicFor(form).pages.length });

/** What reads a form post of one form version: its elements (the fields' naming rules), its answers validator, its Conform schema. */
export type SurveyFormSchema = {
  elements: readonly FormElement[];
  validate: Compiled["validate"];
  schema: NonNullable<Compiled["formSchema"]>;
};

/**
 * The Conform schema of this form version (form posts), with what reads the fields before it;
 * with `throughPage`, of one step of a multi-page form (the pages up to it).
 */
export function formSchemaFor(form: Versioned, throughPage?: number): SurveyFormSchema {
  const entry = compiled(form);
  if (throughPage === undefined) {
    entry.formSchema ??= surveyFormSchema(form.elements);
    return { elements: form.elements, validate: entry.validate, schema: entry.formSchema };
  }
  entry.steps ??= new Map();
  let schema = entry.steps.get(throughPage);
  if (!schema) entry.steps.set(throughPage, (schema = surveyFormSchema(form.elements, { throughPage })));
  const validate = entry.validate;
  return { elements: form.elements, validate: (data) => validate(data, { throughPage }), schema };
}
