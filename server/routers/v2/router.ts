import { router } from "@/server/trpc";
import { getFormRoute } from "./forms/get-form";
import { listFormsRoute } from "./forms/list-forms";
import { bulkCreatePrefillsRoute } from "./prefills/bulk-create-prefills";
import { bulkDeletePrefillsRoute } from "./prefills/bulk-delete-prefills";
import { getPrefillRoute } from "./prefills/get-prefill";
import { listPrefillsRoute } from "./prefills/list-prefills";
import { v2DeleteSubmissionRoute } from "./submissions/delete-submission";
import { v2GetSubmissionRoute } from "./submissions/get-submission";
import { v2ListSubmissionsRoute } from "./submissions/list-submissions";
import { bulkCreateUniqueLinksRoute } from "./unique-links/bulk-create-unique-links";
import { bulkDeleteUniqueLinksRoute } from "./unique-links/bulk-delete-unique-links";
import { getUniqueLinkRoute } from "./unique-links/get-unique-link";
import { listUniqueLinksRoute } from "./unique-links/list-unique-links";
import { updateUniqueLinkRoute } from "./unique-links/update-unique-link";
import { createWebhookRoute } from "./webhooks/create-webhook";
import { deleteWebhookRoute } from "./webhooks/delete-webhook";
import { getWebhookRoute } from "./webhooks/get-webhook";
import { listWebhookDeliveriesRoute } from "./webhooks/list-webhook-deliveries";
import { listWebhooksRoute } from "./webhooks/list-webhooks";
import { retryWebhookDeliveryRoute } from "./webhooks/retry-webhook-delivery";
import { rotateWebhookSecretRoute } from "./webhooks/rotate-webhook-secret";
import { testWebhookRoute } from "./webhooks/test-webhook";
import { updateWebhookRoute } from "./webhooks/update-webhook";

/**
 * The organization-level REST API (`/api/v2`), authenticated by X-SERVICE-TOKEN. The
 * only list of its procedures; server/rest/surfaces.ts mounts it.
 */
export const v2Router = router({
  forms: router({ list: listFormsRoute, get: getFormRoute }),
  submissions: router({ list: v2ListSubmissionsRoute, get: v2GetSubmissionRoute, delete: v2DeleteSubmissionRoute }),
  prefills: router({
    list: listPrefillsRoute,
    get: getPrefillRoute,
    bulkCreate: bulkCreatePrefillsRoute,
    bulkDelete: bulkDeletePrefillsRoute,
  }),
  uniqueLinks: router({
    list: listUniqueLinksRoute,
    get: getUniqueLinkRoute,
    bulkCreate: bulkCreateUniqueLinksRoute,
    update: updateUniqueLinkRoute,
    bulkDelete: bulkDeleteUniqueLinksRoute,
  }),
  webhooks: router({
    list: listWebhooksRoute,
    get: getWebhookRoute,
    create: createWebhookRoute,
    update: updateWebhookRoute,
    delete: deleteWebhookRoute,
    rotateSecret: rotateWebhookSecretRoute,
    test: testWebhookRoute,
    listDeliveries: listWebhookDeliveriesRoute,
    retryDelivery: retryWebhookDeliveryRoute,
  }),
});
