import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "@/db";
import { forms, uniqueLinks } from "@/db/schema";
import { isSlug } from "@/lib/forms/form-settings";
import { UUID_RE } from "@/lib/values/ids";

/**
 * Who may frame a survey page (proxy.ts, `Content-Security-Policy: frame-ancestors`): exactly the
 * form's `embedOrigins` when it lists some, any site otherwise; and whether the page loads a
 * CAPTCHA (its worker and frames need their own directives). Read per form and kept in this
 * process for a few seconds, so a page view costs no extra query most of the time.
 */
const TTL_MS = 5_000;
const MAX = 1_000;
/**
 * The pages a respondent sees: the form (by UUID or slug), its thanks page, a unique link's, and
 * the page a form post is answered with at …/submit (a step, or the form again with its errors).
 */
const PAGE_RE = /^\/(f|u)\/([^/]+)(?:\/thanks|\/submit)?\/?$/;

/** What a survey page's CSP depends on: who may frame it, and whether it loads a CAPTCHA. */
export type SurveyFramePolicy = { frameAncestors: string[] | null; captcha: boolean };
const ANY: SurveyFramePolicy = { frameAncestors: null, captcha: false };

type Entry = { policy: SurveyFramePolicy; at: number };
const globalForCache = globalThis as unknown as { formhouseFrameOrigins?: Map<string, Entry> };
const cache = (globalForCache.formhouseFrameOrigins ??= new Map());

/**
 * The origins allowed to frame `pathname` (null for any site: not a form's page, or a form without
 * the setting), and whether its form asks for a CAPTCHA.
 */
export async function surveyFramePolicy(pathname: string): Promise<SurveyFramePolicy> {
  const match = PAGE_RE.exec(pathname);
  if (!match) return ANY;
  const [, root, raw] = match;
  let ref: string;
  try {
    ref = decodeURIComponent(raw!).trim().toLowerCase();
  } catch {
    return ANY;
  }
  const byUuid = UUID_RE.test(ref);
  if (!byUuid && (root === "u" || !isSlug(ref))) return ANY;
  const key = `${root}:${ref}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.policy;
  const origins = sql<string[] | null>`${forms.settings} -> 'publishing' -> 'embedOrigins'`;
  const captcha = sql<string | null>`${forms.settings} -> 'publishing' ->> 'captcha'`;
  const live = and(eq(forms.published, true), isNull(forms.trashedAt));
  const [row] =
    root === "u"
      ? await db()
          .select({ origins, captcha })
          .from(uniqueLinks)
          .innerJoin(forms, and(eq(forms.id, uniqueLinks.formId), live))
          .where(eq(uniqueLinks.id, ref))
          .limit(1)
      : await db()
          .select({ origins, captcha })
          .from(forms)
          .where(and(byUuid ? eq(forms.uuid, ref) : eq(forms.slug, ref), live))
          .limit(1);
  const policy = {
    frameAncestors: Array.isArray(row?.origins) && row.origins.length ? row.origins : null,
    captcha: Boolean(row?.captcha && row.captcha !== "none"),
  };
  if (cache.size >= MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, { policy, at: Date.now() });
  return policy;
}

/** surveyFramePolicy, or — when it cannot be read (the database away) — a policy no site may frame. */
export const framePolicyOrNone = (pathname: string): Promise<SurveyFramePolicy> =>
  surveyFramePolicy(pathname).catch(() => ({ frameAncestors: ["'none'"], captcha: false }));
