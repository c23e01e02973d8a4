import "server-only";
import type { Db } from "@/db";
import { initialFormValues, type FormValues, type PrefillSource } from "./initial-values";
import { countryFromAcceptLanguage, phoneCountries, type PhoneCountry } from "@/lib/phone/phone-countries";
import { hasCountrySelector, surveyElements, type SurveyElement } from "@/lib/survey/survey-elements";
import type { PublishedForm } from "./survey-target";
import { issueStartToken, readStartToken } from "./start-token";
import type { SaveLaterState } from "@/lib/survey/save-later";
import { mailConfigured } from "@/server/mail/runtime";
import { pagesOf } from "./answers/validator-cache";
import type { SurveyCaptcha } from "@/server/services/publishing/captcha";
import { env } from "@/server/env";

/**
 * Everything a survey page renders, built on the server. Serializable: the page passes it to
 * the browser as props (and a form-post edge can hand it to the page whole).
 */
export type SurveyFormView = {
  kind: "form";
  form: { uuid: string; name: string; description: string | null; elements: SurveyElement[] };
  /** The page (step) shown: 0 for the first, and for a form of one page. */
  page: number;
  /** The country selector's list, when some phone element has one. */
  countries: PhoneCountry[] | null;
  defaultValue: FormValues;
  /** Signed render time (start-token.ts), posted back as `_start`. */
  startToken: string;
  /** Where the form posts to. */
  action: string;
  /** Conform's reply to a form post that did not submit (errors, or a list change without JavaScript). */
  lastResult: unknown;
  /** A problem with the whole form (e.g. too many submits), shown in the error summary. */
  formError: string | null;
  /** "Save and continue later" (a form of several pages, mail configured), with what the last save said; absent: none. */
  saveLater?: SaveLaterState | null;
  /** The CAPTCHA the form asks for (server/services/publishing/captcha.ts); null for none. */
  captcha?: SurveyCaptcha;
};

/** A page that is not the form: a closed unique link says why. */
export type SurveyNoticeView = { kind: "notice"; title: string; message: string };

export type SurveyViewInput = {
  form: PublishedForm;
  action: string;
  prefill?: PrefillSource | null;
  query?: Readonly<Record<string, string>>;
  acceptLanguage?: string | null;
  /** The token of the page a form post came from: the duration keeps counting from there. */
  startToken?: string | null;
  lastResult?: unknown;
  formError?: string | null;
  page?: number;
  saveLater?: SaveLaterState | null;
  /** Where the respondent left off (a partial response): the page and the values it had. */
  resume?: { page: number; formValues: Record<string, unknown> } | null;
  /** The form's CAPTCHA; a unique link asks for none. */
  captcha?: SurveyCaptcha;
};

export async function buildSurveyView(db: Db, input: SurveyViewInput): Promise<SurveyFormView> {
  const { form } = input;
  const elements = surveyElements(form.elements, env().UPLOAD_MAX_FILE_MB);
  const kept = input.startToken && (await readStartToken(db, input.startToken, form.id)) !== null ? input.startToken : null;
  return {
    kind: "form",
    form: { uuid: form.uuid, name: form.name, description: form.settings.description?.trim() || null, elements },
    page: input.page ?? input.resume?.page ?? 0,
    countries: hasCountrySelector(elements) ? phoneCountries() : null,
    defaultValue: {
      ...initialFormValues(form.elements, {
        prefill: input.prefill,
        query: input.query,
        defaultCountry: countryFromAcceptLanguage(input.acceptLanguage),
      }),
      ...input.resume?.formValues,
    },
    startToken: kept ?? (await issueStartToken(db, form.id)),
    action: input.action,
    lastResult: input.lastResult ?? null,
    formError: input.formError ?? null,
    saveLater: pagesOf(form).pages > 1 && mailConfigured() ? (input.saveLater ?? { email: "", error: null, sent: false }) : null,
    captcha: input.captcha ?? null,
  };
}
