import "server-only";
import { router } from "@/server/trpc";
import { v2ListAuditEventsRoute } from "./audit/list-audit-events";
import { v2GetFormRoute } from "./forms/get-form";
import { v2ListFormsRoute } from "./forms/list-forms";
import { v2ListMembersRoute } from "./members/list-members";
import { v2BulkCreatePrefillsRoute } from "./prefills/bulk-create-prefills";
import { v2BulkDeletePrefillsRoute } from "./prefills/bulk-delete-prefills";
import { v2GetPrefillRoute } from "./prefills/get-prefill";
import { v2ListPrefillsRoute } from "./prefills/list-prefills";
import { v2DeleteSubmissionRoute } from "./submissions/delete-submission";
import { v2GetSubmissionRoute } from "./submissions/get-submission";
import { v2ListSubmissionsRoute } from "./submissions/list-submissions";
import { v2BulkCreateUniqueLinksRoute } from "./unique-links/bulk-create-unique-links";
import { v2BulkDeleteUniqueLinksRoute } from "./unique-links/bulk-delete-unique-links";
import { v2GetUniqueLinkRoute } from "./unique-links/get-unique-link";
import { v2ListUniqueLinksRoute } from "./unique-links/list-unique-links";
import { v2UpdateUniqueLinkRoute } from "./unique-links/update-unique-link";
import { v2CreateWebhookRoute } from "./webhooks/create-webhook";
import { v2DeleteWebhookRoute } from "./webhooks/delete-webhook";
import { v2GetWebhookRoute } from "./webhooks/get-webhook";
import { v2ListWebhookDeliveriesRoute } from "./webhooks/list-webhook-deliveries";
import { v2ListWebhooksRoute } from "./webhooks/list-webhooks";
import { v2RetryWebhookDeliveryRoute } from "./webhooks/retry-webhook-delivery";
import { v2RotateWebhookSecretRoute } from "./webhooks/rotate-webhook-secret";
import { v2TestWebhookRoute } from "./webhooks/test-webhook";
import { v2UpdateWebhookRoute } from "./webhooks/update-webhook";

/**
 * The organization-level REST API (`/api/v2`), authenticated by X-SERVICE-TOKEN. The
 * only list of its procedures; server/rest/surfaces.ts mounts it.
 */
export const v2Router = router({
  forms: router({ list: v2ListFormsRoute, get: v2GetFormRoute }),
  members: router({ list: v2ListMembersRoute }),
  submissions: router({ list: v2ListSubmissionsRoute, get: v2GetSubmissionRoute, delete: v2DeleteSubmissionRoute }),
  prefills: router({
    list: v2ListPrefillsRoute,
    get: v2GetPrefillRoute,
    bulkCreate: v2BulkCreatePrefillsRoute,
    bulkDelete: v2BulkDeletePrefillsRoute,
  }),
  uniqueLinks: router({
    list: v2ListUniqueLinksRoute,
    get: v2GetUniqueLinkRoute,
    bulkCreate: v2BulkCreateUniqueLinksRoute,
    update: v2UpdateUniqueLinkRoute,
    bulkDelete: v2BulkDeleteUniqueLinksRoute,
  }),
  webhooks: router({
    list: v2ListWebhooksRoute,
    get: v2GetWebhookRoute,
    create: v2CreateWebhookRoute,
    update: v2UpdateWebhookRoute,
    delete: v2DeleteWebhookRoute,
    rotateSecret: v2RotateWebhookSecretRoute,
    test: v2TestWebhookRoute,
    listDeliveries: v2ListWebhookDeliveriesRoute,
    retryDelivery: v2RetryWebhookDeliveryRoute,
  }),
  auditEvents: router({ list: v2ListAuditEventsRoute }),
});
