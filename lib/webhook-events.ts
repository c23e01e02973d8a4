/** The events of form-level webhooks (`/api/v2/forms/{form_uuid}/webhooks`). */
export const SUBMISSION_EVENTS = ["Submission.Created", "Submission.Updated", "Submission.Deleted"] as const;
export type SubmissionEvent = (typeof SUBMISSION_EVENTS)[number];

/** The NOTIFY channel that wakes workers when deliveries are written (fires on commit). */
export const DELIVERIES_CHANNEL = "webhook_deliveries";
