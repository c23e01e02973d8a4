import { router } from "@/server/trpc";
import { accountRouter } from "./account/router";
import { formsRouter } from "./forms/router";
import { prefillsRouter } from "./prefills/dashboard-router";
import { uniqueLinksRouter } from "./unique-links/dashboard-router";

/** Everything the dashboard calls over tRPC (`/api/trpc`). One router per resource. */
export const appRouter = router({
  account: accountRouter,
  forms: formsRouter,
  prefills: prefillsRouter,
  uniqueLinks: uniqueLinksRouter,
});

export type AppRouter = typeof appRouter;
