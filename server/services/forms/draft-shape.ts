import "server-only";
import { z } from "zod";
import type { FormElement, FormSettings } from "@/db/schema";
import { ELEMENT_TYPES, LAYOUT_TYPES } from "@/lib/forms/element-types";

/**
 * What the builder may store as a draft: the element tree's shape, bounded in size, and
 * nothing more. Lenient on purpose about what is merely unfinished (an empty label, a choice
 * with no options yet, a duplicate option): those are publish problems (definition.ts
 * `publishProblems`), listed when the owner publishes, never a reason to lose an autosave.
 */
export const DRAFT_LIMITS = {
  elements: 300,
  items: 500,
  text: 2_000,
  /** The whole tree as JSON, in characters. */
  json: 1_000_000,
} as const;

const ZId = z.string().min(1).max(200);
const ZText = z.string().max(DRAFT_LIMITS.text);
const ZOption = z.object({ id: ZId, label: ZText, value: ZText }).loose();
const ZAxisItem = z.object({ id: ZId, label: ZText, value: ZText.optional() }).loose();
const ZChild = z.object({ fixedname: ZId, label: ZText, required: z.boolean() }).loose();

const elementShape = (components?: z.ZodType) =>
  z
    .object({
      id: ZId,
      label: ZText,
      // Page breaks only at the top level (the one with components).
      type: z.enum((components ? [...ELEMENT_TYPES, ...LAYOUT_TYPES] : ELEMENT_TYPES) as [string, ...string[]]),
      required: z.boolean().optional(),
      countrySelector: z.boolean().optional(),
      options: z.array(ZOption).max(DRAFT_LIMITS.items).optional(),
      rows: z.array(ZAxisItem).max(DRAFT_LIMITS.items).optional(),
      columns: z.array(ZAxisItem).max(DRAFT_LIMITS.items).optional(),
      children: z.array(ZChild).max(20).optional(),
      components: components ? z.array(components).max(DRAFT_LIMITS.elements).optional() : z.undefined().optional(),
    })
    .loose();

// Repeat fields hold plain elements: one level of nesting, as the survey page renders it.
const ZComponent = elementShape();
const ZDraftElement = elementShape(ZComponent);

export const ZDraftElements = z
  .array(ZDraftElement)
  .max(DRAFT_LIMITS.elements)
  .refine((tree) => JSON.stringify(tree).length <= DRAFT_LIMITS.json, { error: "The form is too large to save" })
  .describe("The builder's element tree (v2 element shape)") as unknown as z.ZodType<FormElement[]>;

/** The draft's description and endings: bounded texts; conditions are checked when publishing. */
export const ZDraftSettings = z
  .object({
    description: z.string().max(DRAFT_LIMITS.text).optional(),
    endings: z
      .array(
        z
          .object({
            id: ZId,
            title: ZText,
            message: ZText.optional(),
            redirectUrl: ZText.optional(),
            showIf: z.unknown().optional(),
          })
          .strict(),
      )
      .max(20)
      .optional(),
    // When and how the form takes answers: shapes only; the rules (lib/forms/form-settings.ts) are checked when publishing.
    publishing: z
      .object({
        opensAt: ZText.optional(),
        closesAt: ZText.optional(),
        maxResponses: z.number().optional(),
        closedMessage: ZText.optional(),
        onePerPerson: ZText.optional(),
        onePerPersonField: ZText.optional(),
        captcha: ZText.optional(),
        captchaSiteKey: ZText.optional(),
        captchaSecret: ZText.optional(),
        embedOrigins: z.array(ZText).max(100).optional(),
        slug: ZText.optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((s) => JSON.stringify(s).length <= DRAFT_LIMITS.json, { error: "The form is too large to save" })
  .describe("The builder's description, endings and publishing settings") as unknown as z.ZodType<FormSettings>;
