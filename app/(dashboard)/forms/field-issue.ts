import { fieldErrors } from "../_components/field-errors";

/**
 * The validation message about one input field (`name`), capitalized for a label's
 * neighbourhood (the procedures report the field's path; `fieldErrors` reads it).
 */
export function fieldIssue(error: unknown, field: string): string | null {
  const message = fieldErrors(error).byField[field];
  return message ? message.charAt(0).toUpperCase() + message.slice(1) : null;
}
