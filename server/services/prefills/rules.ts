import "server-only";
import { z } from "zod";
import { at } from "@/lib/values/input-paths";

/** Input rules of prefills that the REST API and the dashboard share. */

export const MAX_PREFILL_NAME_LENGTH = 255;

/** A prefill's name: trimmed, not blank, at most 255 characters (REST and dashboard). */
export const ZPrefillName = z
  .string({ error: at("is required") })
  .trim()
  .min(1, { error: at("is required") })
  .max(MAX_PREFILL_NAME_LENGTH, { error: at(`must be at most ${MAX_PREFILL_NAME_LENGTH} characters`) })
  .describe("Name of the prefill (trimmed)");
