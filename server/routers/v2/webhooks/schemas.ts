import "server-only";
import { SUBMISSION_EVENTS } from "@/lib/webhook-events";
import { ZFormRef, ZPathParam } from "../../rest-params";

/** Path parameters of /forms/{form_uuid}/webhooks/{id}. */
export const ZWebhookPath = {
  form_uuid: ZFormRef,
  id: ZPathParam.describe("Webhook id"),
};

/** The prose every webhook operation shares: when events are sent. */
export const EVENTS_NOTE =
  `Events: \`Submission.Created\` for every stored submission that is not spam (survey page and submit endpoint); ` +
  "`Submission.Updated` when a submission is edited in the dashboard; `Submission.Deleted` (carrying the submission as it " +
  "was) for `DELETE /api/v2/submissions/{id}`, the v1 delete and the dashboard's delete. Spam submissions make no events.";

export const EVENT_NAMES = SUBMISSION_EVENTS.map((e) => `\`${e}\``).join(", ");
