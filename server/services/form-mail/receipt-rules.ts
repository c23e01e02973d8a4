import "server-only";
import { z } from "zod";
import type { FormElement } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { placeholderLabels } from "@/server/mail/answers-text";

/**
 * The rules of a form's receipt to respondents (form_receipts). The subject and message are
 * plain text whose `{{field label}}` placeholders the submit fills (formhouse_fill_placeholders,
 * migration 0014); the address is the answer of one of the form's email questions.
 */

export const MAX_RECEIPT_SUBJECT = 200;
export const MAX_RECEIPT_MESSAGE = 5000;

/** One line: a line break in a subject would end its header. */
export const ZReceiptSubject = z
  .string()
  .max(MAX_RECEIPT_SUBJECT * 4)
  .refine((s) => !/[\r\n]/.test(s), { error: "The subject must be one line" })
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(1, { error: "Enter a subject" })
      .max(MAX_RECEIPT_SUBJECT, { error: `The subject must be at most ${MAX_RECEIPT_SUBJECT} characters` }),
  );

export const ZReceiptMessage = z
  .string()
  .max(MAX_RECEIPT_MESSAGE * 4)
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(1, { error: "Enter a message" })
      .max(MAX_RECEIPT_MESSAGE, { error: `The message must be at most ${MAX_RECEIPT_MESSAGE} characters` }),
  );

/** The form's questions a receipt can be sent to: its email questions (answers inside a repeat-field are lists, so not those). */
export const emailQuestions = (elements: readonly FormElement[]) =>
  elements.filter((el) => el?.type === "email" && typeof el.id === "string").map((el) => ({ id: el.id, label: el.label }));

/**
 * The names of a template's placeholders, read as formhouse_fill_placeholders reads them: from
 * each `{{` to the next `}}`, spaces around the name dropped; a `{{` with no `}}` is text.
 */
export function placeholderNames(template: string): string[] {
  const names: string[] = [];
  let rest = template;
  for (;;) {
    const open = rest.indexOf("{{");
    if (open < 0) break;
    const close = rest.indexOf("}}", open + 2);
    if (close < 0) break;
    names.push(rest.slice(open + 2, close).replace(/^ +| +$/g, ""));
    rest = rest.slice(close + 2);
  }
  return names;
}

export type ReceiptText = { emailField: string; subject: string; message: string };

/**
 * Checks a receipt against its form: the address must come from an email question, and every
 * placeholder must name a label of the form. Throws the first problem as a 422 at its field.
 */
export function checkReceipt(elements: readonly FormElement[], r: ReceiptText): void {
  if (!emailQuestions(elements).some((q) => q.id === r.emailField))
    throw new AppError("UNPROCESSABLE", "Choose one of the form's email questions", { path: ["emailField"] });
  const labels = new Set(placeholderLabels(elements));
  for (const field of ["subject", "message"] as const) {
    const unknown = [...new Set(placeholderNames(r[field]).filter((name) => !labels.has(name)))];
    if (unknown.length)
      throw new AppError(
        "UNPROCESSABLE",
        `${unknown.length === 1 ? "No question is" : "No questions are"} labelled ${unknown.map((n) => `{{${n}}}`).join(", ")}: ` +
          "use the labels listed below",
        { path: [field], reason: "unknown placeholder" },
      );
  }
}
