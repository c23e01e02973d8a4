import { z } from "zod";
import { at } from "@/lib/values/input-paths";

/** Input rules of forms that the dashboard and the import share. */

export const MAX_FORM_NAME_LENGTH = 200;

/** A form's name: trimmed, not blank, at most 200 characters (create, rename, import). */
export const ZFormName = z
  .string({ error: at("is required") })
  .trim()
  .min(1, { error: at("is required") })
  .max(MAX_FORM_NAME_LENGTH, { error: at(`must be at most ${MAX_FORM_NAME_LENGTH} characters`) })
  .describe("Name of the form (trimmed)");

const COPY_PREFIX = "Copy of ";

/** The name of a duplicate: "Copy of <name>", cut to the name rule's length (never mid-character). */
export function copyName(name: string): string {
  const chars = [...`${COPY_PREFIX}${name}`];
  let out = "";
  for (const c of chars) {
    if (out.length + c.length > MAX_FORM_NAME_LENGTH) break;
    out += c;
  }
  return out;
}
