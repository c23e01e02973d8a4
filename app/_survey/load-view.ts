import { headers } from "next/headers";
import { cache } from "react";
import { appErrorOf } from "@/server/routers/survey/app-error";
import { surveyCaller } from "@/server/routers/survey/router";
import { handedView, type SurveyPageView } from "./render-page";

export type SearchParams = Record<string, string | string[] | undefined>;

/** The query as one stable string (the cache key below) and as first values by name. */
export function searchKey(search: SearchParams): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(search).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const first = Array.isArray(v) ? v[0] : v;
    if (first !== undefined) params.set(k, first);
  }
  return params.toString();
}

/**
 * The view of `/f/<form_uuid>` for this request, once per request (metadata and page share
 * it): the one a survey route handler handed over, or the form loaded by the survey procedure.
 */
export const loadFormView = cache(async (formUuid: string, search: string): Promise<SurveyPageView> => {
  const requestHeaders = new Headers(await headers());
  const handed = handedView(requestHeaders);
  if (handed) return handed;
  const params = new URLSearchParams(search);
  const query = Object.fromEntries([...params].filter(([k]) => !k.startsWith("_")));
  try {
    return await surveyCaller(requestHeaders).forms.get({ formUuid, prefillId: params.get("_prefill") ?? undefined, query });
  } catch (error) {
    if (appErrorOf(error)?.status === 404) return { kind: "not-found" };
    throw error;
  }
});
