import "server-only";
import { router } from "@/server/trpc";
import { connectorListFormsRoute } from "./forms/list-forms";
import { connectorGetUserRoute } from "./user/get-user";
import { connectorCreateSubscriptionRoute } from "./webhooks/create-subscription";
import { connectorDeleteSubscriptionRoute } from "./webhooks/delete-subscription";

/**
 * The connector API (`/connector`) for automation platforms, authenticated by OAuth
 * access tokens (`oauthProcedure`). The only list of its procedures; server/rest/surfaces.ts
 * mounts it.
 */
export const connectorRouter = router({
  user: router({ get: connectorGetUserRoute }),
  forms: router({ list: connectorListFormsRoute }),
  webhooks: router({ create: connectorCreateSubscriptionRoute, delete: connectorDeleteSubscriptionRoute }),
});
