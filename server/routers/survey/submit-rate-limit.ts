import "server-only";
import { env } from "@/server/env";
import type { Context } from "@/server/trpc";
import { clientAddress } from "@/server/http/client-address";
import type { AttemptLimit } from "@/server/services/submissions/create-submission";

/**
 * The submit limit of this request: SUBMIT_RATE_LIMIT_MAX attempts per
 * SUBMIT_RATE_LIMIT_WINDOW_S (default 20 a minute) per address and form, in the shared
 * Postgres counters the API limit uses, so every instance sees the same count. The survey
 * service counts it (inside the storing statement for a valid submit).
 */
export function submitAttemptLimit(ctx: Context, formId: number): AttemptLimit {
  const { SUBMIT_RATE_LIMIT_MAX: limit, SUBMIT_RATE_LIMIT_WINDOW_S: windowS, TRUST_PROXY } = env();
  return { key: `survey:${formId}:${clientAddress(ctx.headers, TRUST_PROXY)}`, limit, windowS };
}
