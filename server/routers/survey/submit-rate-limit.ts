import type { DbOrTx } from "@/db";
import { hitRateLimit } from "@/server/services/lib/rate-limit";
import { env } from "@/server/env";
import { AppError } from "@/server/errors";
import type { Context } from "@/server/trpc";
import { clientAddress } from "@/server/http/client-address";

export const tooManySubmits = (seconds: number) => `Too many submissions from your network. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;

/**
 * Counts one submit attempt per address and form (SUBMIT_RATE_LIMIT_MAX per
 * SUBMIT_RATE_LIMIT_WINDOW_S, default 20 a minute) in the shared Postgres counters the API
 * limit uses, so every instance sees the same count. Over the limit: 429 with Retry-After.
 * Given the storing transaction as `db`, an over-limit submit rolls back with it (so the
 * count stays at the limit rather than growing while refused).
 */
export async function enforceSubmitRateLimit(ctx: Context, formId: number, db: DbOrTx = ctx.db): Promise<void> {
  const { SUBMIT_RATE_LIMIT_MAX: limit, SUBMIT_RATE_LIMIT_WINDOW_S: windowS, TRUST_PROXY } = env();
  const key = `survey:${formId}:${clientAddress(ctx.headers, TRUST_PROXY)}`;
  const hit = await hitRateLimit(db, key, limit, windowS);
  if (!hit.exceeded) return;
  const seconds = hit.resetSeconds;
  throw new AppError("TOO_MANY_REQUESTS", tooManySubmits(seconds), {
    headers: {
      "Retry-After": String(seconds),
      "RateLimit-Limit": String(limit),
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": String(seconds),
    },
  });
}
