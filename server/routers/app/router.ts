import { router } from "@/server/trpc";
import { getAccountRoute } from "./account/get-account";
import { signUpRoute } from "./account/sign-up";
import { listConnectedAppsRoute } from "./connected-apps/list-connected-apps";
import { revokeConnectedAppRoute } from "./connected-apps/revoke-connected-app";
import { listFormOptionsRoute } from "./forms/list-form-options";
import { listFormsRoute } from "./forms/list-forms";
import { bulkDeletePrefillsRoute } from "./prefills/bulk-delete-prefills";
import { createPrefillRoute } from "./prefills/create-prefill";
import { listPrefillFieldsRoute } from "./prefills/list-prefill-fields";
import { listPrefillsRoute } from "./prefills/list-prefills";
import { bulkCreateUniqueLinksRoute } from "./unique-links/bulk-create-unique-links";
import { bulkDeleteUniqueLinksRoute } from "./unique-links/bulk-delete-unique-links";
import { getUniqueLinkRoute } from "./unique-links/get-unique-link";
import { listUniqueLinksRoute } from "./unique-links/list-unique-links";
import { updateUniqueLinkRoute } from "./unique-links/update-unique-link";
import { createWebhookRoute } from "./webhooks/create-webhook";
import { deleteWebhookRoute } from "./webhooks/delete-webhook";
import { listWebhookDeliveriesRoute } from "./webhooks/list-webhook-deliveries";
import { listWebhooksRoute } from "./webhooks/list-webhooks";
import { retryWebhookDeliveryRoute } from "./webhooks/retry-webhook-delivery";
import { rotateWebhookSecretRoute } from "./webhooks/rotate-webhook-secret";
import { testWebhookRoute } from "./webhooks/test-webhook";
import { updateWebhookRoute } from "./webhooks/update-webhook";

/**
 * Everything the dashboard calls over tRPC (`/api/trpc`), signed in by session. The only list
 * of the dashboard's procedures.
 */
export const appRouter = router({
  account: router({ signUp: signUpRoute, me: getAccountRoute }),
  connectedApps: router({ list: listConnectedAppsRoute, revoke: revokeConnectedAppRoute }),
  forms: router({ list: listFormsRoute, listOptions: listFormOptionsRoute }),
  prefills: router({
    list: listPrefillsRoute,
    listFields: listPrefillFieldsRoute,
    create: createPrefillRoute,
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
    create: createWebhookRoute,
    update: updateWebhookRoute,
    delete: deleteWebhookRoute,
    rotateSecret: rotateWebhookSecretRoute,
    test: testWebhookRoute,
    deliveries: listWebhookDeliveriesRoute,
    retry: retryWebhookDeliveryRoute,
  }),
});

export type AppRouter = typeof appRouter;
