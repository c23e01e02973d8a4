import "server-only";
import { createCallerFactory, createContext, router } from "@/server/trpc";
import { createSurveySubmissionRoute } from "./create-survey-submission";
import { getSurveyFormRoute } from "./get-survey-form";
import { getSurveyThanksRoute } from "./get-survey-thanks";
import { openSurveyLinkRoute } from "./open-survey-link";
import { openResumeLinkRoute } from "./open-resume-link";

/** What survey pages and their submit endpoints call (public: no session, no token). */
export const surveyRouter = router({
  forms: router({ get: getSurveyFormRoute, thanks: getSurveyThanksRoute }),
  links: router({ open: openSurveyLinkRoute }),
  resumeLinks: router({ open: openResumeLinkRoute }),
  submissions: router({ create: createSurveySubmissionRoute }),
});

const createCaller = createCallerFactory(surveyRouter);

/** The survey procedures as one request's caller (route handlers and server components). */
export function surveyCaller(headers: Headers) {
  return createCaller(createContext({ headers, surface: "survey" }));
}
