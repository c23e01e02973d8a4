/**
 * Where a survey tab remembers that it sent a form (sessionStorage), shared by the thank-you
 * page's marks (sent-mark-now.tsx, sent-again.tsx) and the guard that reads them.
 */
export const SENT_KEY_PREFIX = "formhouse:sent:";
export const SENT_NOTICE_KEY_PREFIX = "formhouse:sent-notice:";

/** What follows a survey's own address on its submit and thanks routes. */
export const SURVEY_ROUTE_SUFFIX = /\/(submit|thanks)$/;

/** The address shared by a survey's page, its submit and its thanks: `/f/<uuid>` or `/u/<id>`. */
export const surveyBaseOf = (path: string) => path.replace(SURVEY_ROUTE_SUFFIX, "");
