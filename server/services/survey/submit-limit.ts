import "server-only";
import type { DbOrTx } from "@/db";
import { AppError } from "@/lib/errors";
import { hitRateLimit } from "@/server/services/lib/rate-limit";
import type { AttemptLimit } from "@/server/services/submissions/create-submission";

export const tooManySubmits = (seconds: number) =>
  `Too many submissions from your network. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;

/** 429 with Retry-After and the RateLimit-* headers. */
export function tooManySubmitsError(limit: AttemptLimit, seconds: number): AppError {
  return new AppError("TOO_MANY_REQUESTS", tooManySubmits(seconds), {
    headers: {
      "Retry-After": String(seconds),
      "RateLimit-Limit": String(limit.limit),
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": String(seconds),
    },
  });
}

/**
 * Counts an attempt that stores nothing (answers refused): it counts like any other, in a
 * statement of its own. A valid submit counts inside its storing statement instead.
 */
export async function countRefusedAttempt(db: DbOrTx, limit: AttemptLimit): Promise<void> {
  const hit = await hitRateLimit(db, limit.key, limit.limit, limit.windowS);
  if (hit.exceeded) throw tooManySubmitsError(limit, hit.resetSeconds);
}
