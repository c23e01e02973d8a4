import "server-only";
import { z } from "zod";
import { at } from "@/lib/values/input-paths";
import { parseExpiresAt } from "@/server/services/unique-links/expires-at";

export const MAX_ENTRY_NAME_LENGTH = 255;

/** `entry_name`: trimmed; blank is refused (`<path> cannot be blank`). */
export const ZEntryName = z
  .string({ error: at("must be a string") })
  .trim()
  .min(1, { error: at("cannot be blank") })
  .max(MAX_ENTRY_NAME_LENGTH, { error: at(`must be at most ${MAX_ENTRY_NAME_LENGTH} characters`) });

const blank = (v: string) => v.trim() === "";

/**
 * `expires_at`: ISO 8601 in the future → that instant; null or "" → no expiry. The messages
 * carry the field's path, so bulk items read `unique_links[<n>].expires_at …`
 * (e2e/api/v2/unique-links.spec.ts, 'refuses each malformed item …').
 */
export const ZExpiresAt = z
  .string({ error: at("is not a valid date") })
  .refine((v) => blank(v) || parseExpiresAt(v) !== null, { error: at("is not a valid date"), abort: true })
  .refine((v) => blank(v) || parseExpiresAt(v)!.getTime() > Date.now(), { error: at("must be in the future") })
  .transform((v) => (blank(v) ? null : parseExpiresAt(v)!))
  .nullable()
  .describe('ISO 8601 date-time (no offset = UTC) or date (`YYYY-MM-DD` = 00:00 UTC that day), in the future. null or "" = no expiry.');
