import { router } from "@/server/trpc";
import { accountRouter } from "./account/router";
import { formsRouter } from "./forms/router";

/** Everything the dashboard calls over tRPC (`/api/trpc`). One router per resource. */
export const appRouter = router({
  account: accountRouter,
  forms: formsRouter,
});

export type AppRouter = typeof appRouter;
