import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";
import { forms } from "./forms";

/**
 * The places a form with `maxResponses` has given: a row per capped form, made by its first
 * submit (from the responses it already had) and raised by each submit only while below the
 * cap, in the submit's own statement; a deleted response gives its place back (a trigger).
 * Spam takes no place.
 */
export const formResponseTallies = pgTable("form_response_tallies", {
  formId: integer("form_id")
    .primaryKey()
    .references(() => forms.id, { onDelete: "cascade" }),
  taken: integer("taken").notNull(),
});

/**
 * ALTCHA challenges already solved (by their signature): a solution counts once. Kept until the
 * challenge expires; the submit that checks one deletes a few expired rows.
 */
export const spentCaptchaChallenges = pgTable("spent_captcha_challenges", {
  signature: text("signature").primaryKey(),
  expiresAt: timestamptz("expires_at").notNull(),
});
