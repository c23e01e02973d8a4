import { router } from "@/server/trpc";
import { getForm } from "@/server/routers/forms/get-form";
import { listForms } from "@/server/routers/forms/list-forms";
import { prefillProcedures } from "@/server/routers/prefills/router";
import { v2SubmissionProcedures } from "@/server/routers/submissions/v2";
import { uniqueLinkProcedures } from "@/server/routers/unique-links/router";
import { v1Routers } from "@/server/routers/v1/v1";
import { createRestHandler } from "./adapter";

/** The procedures each REST surface exposes. The dashboard uses appRouter instead. */
export const v2Router = router({
  forms: router({ list: listForms, get: getForm }),
  submissions: router(v2SubmissionProcedures),
  prefills: router(prefillProcedures),
  uniqueLinks: router(uniqueLinkProcedures),
});

/** The legacy per-form API (spec §4.16): v1 procedures over the same services. */
export const v1Router = router(v1Routers);

type Handler = (request: Request) => Promise<Response>;
const globalForRest = globalThis as unknown as { formhouseRest?: Record<string, Handler> };

/** Handlers are built once per process (building one costs ~0.5 ms per request otherwise). */
export function restHandler(surface: "v1" | "v2"): Handler {
  globalForRest.formhouseRest ??= {};
  const cache = globalForRest.formhouseRest;
  cache[surface] ??= createRestHandler({
    router: surface === "v1" ? v1Router : v2Router,
    prefix: `/api/${surface}`,
    surface,
    errorKey: "message",
  });
  return cache[surface];
}
