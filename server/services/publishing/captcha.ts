import "server-only";
import { createChallenge, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { spentCaptchaChallenges, type FormPublishing } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { env } from "@/server/env";
import { logError } from "@/server/log";
import { cachedSecret } from "@/server/services/settings";
import { findSurveyForm } from "@/server/services/survey/survey-target";

/**
 * The CAPTCHA a form's `captcha` setting asks for, checked on the server before anything is
 * stored. ALTCHA is built in: a proof of work signed by this instance (`GET /f/<uuid>/captcha`),
 * solved in the browser by the `altcha` widget, each solution good once (spent_captcha_challenges).
 * Turnstile and hCaptcha are checked at their verify URL (TURNSTILE_VERIFY_URL, HCAPTCHA_VERIFY_URL)
 * with the owner's secret.
 */

/** Where a form post carries the solution: the ALTCHA widget's field (named so the answer reader skips it) and the vendors'. */
export const CAPTCHA_FIELD = "_captcha";
export const VENDOR_CAPTCHA_FIELDS = ["cf-turnstile-response", "h-captcha-response"] as const;
/** A JSON submit carries it in this header (its body is `{data, duration?}`). */
export const CAPTCHA_HEADER = "x-captcha-response";

export const CAPTCHA_MISSING = "Complete the CAPTCHA check before submitting";
export const CAPTCHA_FAILED = "The CAPTCHA check failed; try it again";

/** 400 with the sentence the page shows above the form. */
export class CaptchaError extends AppError {
  constructor(message: string) {
    super("BAD_REQUEST", message);
  }
}

const altchaSecret = cachedSecret("altcha_hmac_secret");
const ALGORITHM = "PBKDF2/SHA-256";
/** PBKDF2 iterations per try; about 256 tries solve one (a key starting `00`): well under a second in a browser. */
const COST = 5_000;
const CHALLENGE_TTL_S = 20 * 60;

/** A new signed ALTCHA challenge for one form (its uuid signed in, so it solves no other form). */
export async function altchaChallenge(db: Db, formUuid: string): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    deriveKey,
    data: { form: formUuid },
    expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_S,
    hmacSignatureSecret: await altchaSecret(db),
  });
}

/** The widget's payload: base64 of `{challenge, solution}`; null when it is not one. */
function readAltchaPayload(raw: string): { challenge: Challenge; solution: Solution } | null {
  if (raw.length > 8_000) return null;
  try {
    const parsed = JSON.parse(Buffer.from(raw, "base64").toString("utf8")) as { challenge?: Challenge; solution?: Solution };
    const c = parsed.challenge;
    const s = parsed.solution;
    const ok =
      c &&
      typeof c === "object" &&
      typeof c.signature === "string" &&
      c.parameters &&
      typeof c.parameters === "object" &&
      c.parameters.algorithm === ALGORITHM &&
      s &&
      typeof s === "object" &&
      Number.isInteger(s.counter) &&
      typeof s.derivedKey === "string";
    return ok ? { challenge: c, solution: s } : null;
  } catch {
    return null;
  }
}

async function verifyAltcha(db: Db, formUuid: string, raw: string): Promise<boolean> {
  const payload = readAltchaPayload(raw);
  if (!payload || payload.challenge.parameters.data?.form !== formUuid) return false;
  let verified = false;
  try {
    const result = await verifySolution({ ...payload, deriveKey, hmacSignatureSecret: await altchaSecret(db) });
    verified = result.verified && !result.expired;
  } catch {
    return false;
  }
  if (!verified) return false;
  // Good once: the first submit that shows this challenge spends it.
  const expires = new Date((payload.challenge.parameters.expiresAt ?? Date.now() / 1000 + CHALLENGE_TTL_S) * 1000);
  const rows = await db.execute<{ spent: boolean }>(sql`
    with pruned as (
      delete from ${spentCaptchaChallenges} where signature in (
        select signature from ${spentCaptchaChallenges} where expires_at < now() limit 50)
    )
    insert into ${spentCaptchaChallenges} (signature, expires_at) values (${payload.challenge.signature}, ${expires.toISOString()})
    on conflict do nothing returning true as spent`);
  return rows.length === 1;
}

/** Turnstile and hCaptcha answer `{ "success": true|false, … }` to a form post of secret, response and the client's address. */
async function verifyVendor(url: string, secret: string, response: string, remoteIp: string | null): Promise<boolean> {
  if (response.length > 4_096) return false;
  const body = new URLSearchParams({ secret, response, ...(remoteIp ? { remoteip: remoteIp } : {}) });
  try {
    const res = await fetch(url, { method: "POST", body, signal: AbortSignal.timeout(10_000) });
    const json = (await res.json()) as { success?: unknown };
    return res.ok && json.success === true;
  } catch (error) {
    // Their outage refuses the submit (a 400 the respondent may retry), never stores unchecked answers.
    logError("captcha verify failed", error, { url });
    return false;
  }
}

/**
 * Throws CaptchaError unless `solution` solves the form's CAPTCHA. Forms without one pass.
 * `solution` is what the post or the header carried (null when nothing).
 */
export async function assertCaptchaSolved(
  db: Db,
  form: { uuid: string; publishing: FormPublishing },
  solution: string | null,
  remoteIp: string | null,
): Promise<void> {
  const { captcha, captchaSecret } = form.publishing;
  if (!captcha || captcha === "none") return;
  if (!solution) throw new CaptchaError(CAPTCHA_MISSING);
  const e = env();
  const ok =
    captcha === "altcha"
      ? await verifyAltcha(db, form.uuid, solution)
      : await verifyVendor(
          captcha === "turnstile" ? e.TURNSTILE_VERIFY_URL : e.HCAPTCHA_VERIFY_URL,
          captchaSecret ?? "",
          solution,
          remoteIp,
        );
  if (!ok) throw new CaptchaError(CAPTCHA_FAILED);
}

/** What the survey page shows for the form's CAPTCHA (app/_survey/captcha-field.tsx); null for none. */
export type SurveyCaptcha = { kind: "altcha"; challengeUrl: string } | { kind: "turnstile" | "hcaptcha"; siteKey: string } | null;

export function surveyCaptchaOf(form: { uuid: string; publishing: FormPublishing }): SurveyCaptcha {
  const { captcha, captchaSiteKey } = form.publishing;
  if (captcha === "altcha") return { kind: "altcha", challengeUrl: `/f/${form.uuid}/captcha` };
  if ((captcha === "turnstile" || captcha === "hcaptcha") && captchaSiteKey) return { kind: captcha, siteKey: captchaSiteKey };
  return null;
}

/** A challenge for a live form that asks for ALTCHA; null for any other form (the route's 404). */
export async function formAltchaChallenge(db: Db, formUuid: string): Promise<Challenge | null> {
  const form = await findSurveyForm(db, formUuid);
  if (!form || form.settings.publishing?.captcha !== "altcha") return null;
  return altchaChallenge(db, form.uuid);
}
