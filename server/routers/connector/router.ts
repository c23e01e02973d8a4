import { router } from "@/server/trpc";
import { listFormsRoute } from "./forms/list-forms";
import { getUserRoute } from "./user/get-user";

/**
 * The connector API (`/connector`, spec §4.17) for automation platforms, authenticated by OAuth
 * access tokens (`oauthProcedure`). The only list of its procedures; server/rest/surfaces.ts
 * mounts it. Webhook subscriptions (`POST /webhooks`, `DELETE /webhooks/{id}`, scope
 * submission:read) join here as `webhooks: router({ create, delete })`; `ctx.grant` names the
 * grant and user a subscription belongs to.
 */
export const connectorRouter = router({
  user: router({ get: getUserRoute }),
  forms: router({ list: listFormsRoute }),
});
