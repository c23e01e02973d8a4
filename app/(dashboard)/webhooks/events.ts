import type { SubmissionEvent } from "@/lib/webhook-events";

/** What each webhook event means, in the words the form shows beside its checkbox. */
export const EVENT_DESCRIPTIONS: Record<SubmissionEvent, string> = {
  "Submission.Created": "A respondent submits the form",
  "Submission.Updated": "A submission is changed",
  "Submission.Deleted": "A submission is deleted",
};
