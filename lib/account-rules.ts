import { z } from "zod";

/**
 * The rules of an account's email, password and names: sign-up and the Account page use
 * these same schemas (client-safe: no database, no crypto).
 */

/** Longer than any address (RFC 5321): no account can have it. */
export const MAX_EMAIL_LENGTH = 254;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;
export const MAX_NAME_LENGTH = 200;
/** How long a mailed account link (password reset, new email) works, and it works once. */
export const ACCOUNT_LINK_MINUTES = 60;
/** How long an invitation's link works; it works once. */
export const INVITATION_DAYS = 7;

export const ZEmail = z
  .string({ error: "email is required" })
  .trim()
  .toLowerCase()
  .max(MAX_EMAIL_LENGTH, { error: `email must be at most ${MAX_EMAIL_LENGTH} characters` })
  .pipe(z.email({ error: "email must be a valid email address" }));

export const ZPassword = z
  .string({ error: "password is required" })
  .min(MIN_PASSWORD_LENGTH, { error: `password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  .max(MAX_PASSWORD_LENGTH, { error: `password must be at most ${MAX_PASSWORD_LENGTH} characters` });

export const ZPersonName = z
  .string()
  .trim()
  .max(MAX_NAME_LENGTH, { error: `name must be at most ${MAX_NAME_LENGTH} characters` });

export const ZOrganizationName = z
  .string()
  .trim()
  .min(1, { error: "organization name is required" })
  .max(MAX_NAME_LENGTH, { error: `organization name must be at most ${MAX_NAME_LENGTH} characters` });
