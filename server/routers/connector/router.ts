import { router } from "@/server/trpc";
import { listFormsRoute } from "./forms/list-forms";
import { getUserRoute } from "./user/get-user";
import { createSubscriptionRoute } from "./webhooks/create-subscription";
import { deleteSubscriptionRoute } from "./webhooks/delete-subscription";

/**
 * The connector API (`/connector`) for automation platforms, authenticated by OAuth
 * access tokens (`oauthProcedure`). The only list of its procedures; server/rest/surfaces.ts
 * mounts it.
 */
export const connectorRouter = router({
  user: router({ get: getUserRoute }),
  forms: router({ list: listFormsRoute }),
  webhooks: router({ create: createSubscriptionRoute, delete: deleteSubscriptionRoute }),
});
