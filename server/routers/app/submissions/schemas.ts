import "server-only";
import { z } from "zod";
import type { FormElement } from "@/db/schema";
import { SPAM_VIEWS } from "@/server/services/submissions/query/request";
import { SORT_FIELDS } from "@/server/services/submissions/sort";

/** Input and output pieces of the dashboard's submission procedures (tRPC only). */

/** One filter of the builder: v2's `<field>__<type>=<value>` in parts; checked by v2's parser. */
export const ZFilterRow = z.object({
  field: z.string().max(1000).describe("Element id, or a name/address part's label"),
  type: z.string().max(64).describe("One of v2's 17 filter types"),
  value: z.string().max(10_000),
});
export const ZFilterRows = z.array(ZFilterRow).max(50).default([]).describe("All must match, as in v2");

export const ZSpamView = z.enum(SPAM_VIEWS).default("all").describe("all (as v2 lists them), not_spam or spam");

export const ZSubmissionSet = z.object({
  formUuid: z.string().trim().min(1, { error: "Choose a form" }).max(64).describe("Form UUID or numeric id"),
  filters: ZFilterRows,
  view: ZSpamView,
});

export const ZColumnSort = z.object({
  field: z.enum(SORT_FIELDS).default("created_at"),
  order: z.enum(["asc", "desc"]).default("desc"),
});

/** A form's element tree, as stored (lib/forms/definition.ts checked it on the way in). */
export const ZElements = z.array(z.custom<FormElement>((v) => typeof v === "object" && v !== null));
