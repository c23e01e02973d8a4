import { z } from "zod";
import type { FormElement, FormPublishing } from "@/db/schema";
import { formatPath } from "@/lib/values/input-paths";
import { UUID_RE } from "@/lib/values/ids";

/**
 * When and how a form takes answers: the `settings` object of a form file (`import-form`), of the
 * builder's draft and of `GET /api/v2/forms/{id}` (stored as `forms.settings.publishing`). Every key
 * is optional, and a form without them takes answers exactly as before. The rules that read them
 * (schedule, messages) are here too: the survey page, the submit and the builder share them.
 */

export const ONE_PER_PERSON = ["none", "browser", "email"] as const;
export const CAPTCHAS = ["none", "altcha", "turnstile", "hcaptcha"] as const;
export const MAX_EMBED_ORIGINS = 20;
export const MAX_RESPONSES_LIMIT = 1_000_000;
export const MAX_CLOSED_MESSAGE = 2_000;

/** `/f/<slug>`: lower-case letters and digits, single hyphens between them. */
export const SLUG_RE = /^[a-z0-9](-?[a-z0-9])*$/;
export const SLUG_MAX = 60;
/** Words a slug may not be: paths of the app, and words that would read as ours. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "admin",
  "api",
  "app",
  "connector",
  "dashboard",
  "docs",
  "embed",
  "f",
  "form",
  "forms",
  "formhouse",
  "help",
  "login",
  "new",
  "oauth",
  "preview",
  "settings",
  "sign-in",
  "sign-up",
  "submit",
  "support",
  "thanks",
  "u",
]);

/** Whether `s` can be a slug (the short link's shape; a UUID is the form's own link, never a slug). */
export const isSlug = (s: string) => s.length <= SLUG_MAX && SLUG_RE.test(s) && !UUID_RE.test(s);

const at = (path: PropertyKey[] | undefined) => formatPath((path ?? []).filter((k): k is string | number => typeof k !== "symbol"));

const ZDateTime = z.iso.datetime({
  offset: true,
  error: (iss) => `${at(iss.path)} must be an ISO 8601 date-time with a time zone, e.g. 2024-05-01T09:30:00Z`,
});

/** `https://example.com` or `http://localhost:3000`: a scheme, a host and maybe a port, nothing after. */
export function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value && value.length <= 200;
  } catch {
    return false;
  }
}

const ZOrigin = z.string().refine(isOrigin, {
  error: (iss) => `${at(iss.path)} must be an origin such as https://example.com (a scheme and a host, no path or trailing slash)`,
});

const ZSlug = z
  .string()
  .max(SLUG_MAX, { error: (iss) => `${at(iss.path)} must be at most ${SLUG_MAX} characters` })
  .refine((s) => SLUG_RE.test(s), {
    error: (iss) => `${at(iss.path)} may hold only lower-case letters, digits and single hyphens between them, like spring-survey`,
  })
  .refine((s) => !RESERVED_SLUGS.has(s) && !UUID_RE.test(s), {
    error: (iss) => `${at(iss.path)} '${String(iss.input)}' is reserved; choose another`,
  });

const enumOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (iss) => `${at(iss.path)} must be one of ${values.map((v) => `'${v}'`).join(", ")}` });

const keyText = z.string().min(1).max(200);

/** The settings object alone: shapes and ranges. Cross-checks against the elements are `checkPublishing`'s. */
export const ZFormPublishing = z
  .strictObject(
    {
      opensAt: ZDateTime.optional(),
      closesAt: ZDateTime.optional(),
      maxResponses: z
        .int({ error: (iss) => `${at(iss.path)} must be a whole number` })
        .min(1, { error: (iss) => `${at(iss.path)} must be at least 1` })
        .max(MAX_RESPONSES_LIMIT, { error: (iss) => `${at(iss.path)} must be at most ${MAX_RESPONSES_LIMIT}` })
        .optional(),
      closedMessage: z
        .string()
        .max(MAX_CLOSED_MESSAGE, { error: (iss) => `${at(iss.path)} must be at most ${MAX_CLOSED_MESSAGE} characters` })
        .optional(),
      onePerPerson: enumOf(ONE_PER_PERSON).optional(),
      onePerPersonField: keyText.optional(),
      captcha: enumOf(CAPTCHAS).optional(),
      captchaSiteKey: keyText.optional(),
      captchaSecret: keyText.optional(),
      embedOrigins: z
        .array(ZOrigin)
        .max(MAX_EMBED_ORIGINS, { error: (iss) => `${at(iss.path)} must have at most ${MAX_EMBED_ORIGINS} items` })
        .optional(),
      slug: ZSlug.optional(),
    },
    {
      error: (iss) =>
        iss.code === "unrecognized_keys"
          ? `${at(iss.path)} has unknown propert${iss.keys.length === 1 ? "y" : "ies"} ${iss.keys.map((k) => `'${k}'`).join(", ")}`
          : iss.input === undefined
            ? undefined
            : `${at(iss.path)} must be an object`,
    },
  )
  .superRefine((s, ctx) => {
    if (s.opensAt && s.closesAt && Date.parse(s.closesAt) <= Date.parse(s.opensAt))
      ctx.addIssue({ code: "custom", path: ["closesAt"], message: "must be after opensAt" });
    if (s.onePerPerson === "email" && !s.onePerPersonField)
      ctx.addIssue({ code: "custom", path: ["onePerPersonField"], message: "is required when onePerPerson is 'email'" });
    if ((s.captcha === "turnstile" || s.captcha === "hcaptcha") && (!s.captchaSiteKey || !s.captchaSecret))
      ctx.addIssue({
        code: "custom",
        path: [s.captchaSiteKey ? "captchaSecret" : "captchaSiteKey"],
        message: `is required when captcha is '${s.captcha}'`,
      });
  }) as unknown as z.ZodType<FormPublishing>;

/**
 * The problems of a `settings` object against the form's elements, each at its path under
 * `base` (`["settings", "onePerPersonField"]`): the email field must be a top-level email element.
 */
export function checkPublishing(
  settings: FormPublishing | undefined,
  elements: readonly FormElement[],
  ctx: z.RefinementCtx,
  base: (string | number)[],
) {
  if (!settings || settings.onePerPerson !== "email" || !settings.onePerPersonField) return;
  const field = elements.find((e) => e.id === settings.onePerPersonField);
  if (field?.type === "email") return;
  const path = [...base, "onePerPersonField"];
  ctx.addIssue({
    code: "custom",
    path,
    message: `${formatPath(path)} must name an email field of the form${field ? ` ('${field.id}' is ${field.type})` : ""}`,
  });
}

/** The custom issues above say only the problem: prefix their location (zod's messages already name it). */
export function locatedMessage(issue: { path: PropertyKey[]; message: string }): string {
  const where = at(issue.path);
  return issue.message.startsWith(where) ? issue.message : `${where} ${issue.message}`;
}

/** The settings without the keys that say nothing (`none`, empty lists): what a form stores. */
export function compactPublishing(s: FormPublishing | undefined): FormPublishing | undefined {
  if (!s) return undefined;
  const out: FormPublishing = { ...s };
  if (out.onePerPerson === "none") delete out.onePerPerson;
  if (out.onePerPerson !== "email") delete out.onePerPersonField;
  if (out.captcha === "none") delete out.captcha;
  if (out.captcha !== "turnstile" && out.captcha !== "hcaptcha") {
    delete out.captchaSiteKey;
    delete out.captchaSecret;
  }
  if (out.embedOrigins?.length === 0) delete out.embedOrigins;
  if (out.closedMessage !== undefined && out.closedMessage.trim() === "") delete out.closedMessage;
  return Object.keys(out).length ? out : undefined;
}

/** The settings an API answers: the CAPTCHA secret never leaves the server. */
export function publicPublishing(s: FormPublishing | undefined): Omit<FormPublishing, "captchaSecret"> | undefined {
  if (!s) return undefined;
  const { captchaSecret: _secret, ...shown } = s;
  return shown;
}

// ---------------------------------------------------------------------------------------
// The schedule and what a respondent reads when the form takes no answers.

/** Why a form takes no answers now: before `opensAt`, after `closesAt`, or every place taken. */
export type FormClosedReason = "not-open" | "closed" | "full";

export function scheduleState(s: FormPublishing | undefined, now: Date): FormClosedReason | null {
  if (s?.opensAt && now.getTime() < Date.parse(s.opensAt)) return "not-open";
  if (s?.closesAt && now.getTime() >= Date.parse(s.closesAt)) return "closed";
  return null;
}

/** The sentence of a refused submit and the closed page's title. */
export const FORM_CLOSED_TITLES: Record<FormClosedReason, string> = {
  "not-open": "This form is not open yet",
  closed: "This form is closed",
  full: "This form is closed",
};

/** `1 December 2026 at 09:00 UTC`: a moment as a respondent reads it, without their time zone. */
export function readableMoment(iso: string, timeZone = "UTC"): string {
  const date = new Date(iso);
  const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone }).format(date);
  const time = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }).format(date);
  return `${day} at ${time} ${timeZone === "UTC" ? "UTC" : `(${timeZone})`}`;
}

/** What the closed page says under its title: the owner's message, or one that says when. */
export function closedPageMessage(s: FormPublishing | undefined, reason: FormClosedReason): string {
  const own = s?.closedMessage?.trim();
  if (own) return own;
  switch (reason) {
    case "not-open":
      return `It opens on ${readableMoment(s!.opensAt!)}. Come back then to answer.`;
    case "closed":
      return `It stopped taking answers on ${readableMoment(s!.closesAt!)}.`;
    case "full":
      return "It has received all the answers it can take.";
  }
}

/** A refused submit's sentence: the title, and when a not-yet-open form opens. */
export function closedSubmitMessage(s: FormPublishing | undefined, reason: FormClosedReason): string {
  if (reason === "not-open") return `${FORM_CLOSED_TITLES[reason]}: it opens on ${readableMoment(s!.opensAt!)}`;
  if (reason === "full") return `${FORM_CLOSED_TITLES[reason]}: it has received all the answers it can take`;
  return FORM_CLOSED_TITLES[reason];
}

/** The sentences of the one-per-person refusals. */
export const ALREADY_RESPONDED = "You have already responded to this form";
export const EMAIL_ALREADY_USED = "A response with this email address has already been received";
