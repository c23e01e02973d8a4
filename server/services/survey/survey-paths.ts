/**
 * Paths of the survey pages (relative: the browser resolves them against the page it is on,
 * so they work behind any APP_URL or proxy). Absolute survey URLs for the API are built in
 * server/services/prefills/urls.ts.
 */
export const surveyPaths = {
  formSubmit: (formUuid: string) => `/f/${formUuid}/submit`,
  thanks: (formUuid: string) => `/f/${formUuid}/thanks`,
  linkSubmit: (linkId: string) => `/u/${linkId}/submit`,
};
