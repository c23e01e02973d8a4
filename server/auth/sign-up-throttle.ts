import "server-only";
import type { DbOrTx } from "@/db";
import { AppError } from "@/lib/errors";
import { hitRateLimit } from "@/server/services/lib/rate-limit";

/** Accounts one client (server/http/client-address.ts) may create per hour. */
export const SIGN_UPS_PER_CLIENT = 10;
const SIGN_UP_WINDOW_S = 60 * 60;

/** Counts a sign-up from `client`; past the limit it is a 429 (nothing is created). */
export async function throttleSignUp(db: DbOrTx, client: string): Promise<void> {
  const hit = await hitRateLimit(db, `signup:client:${client}`, SIGN_UPS_PER_CLIENT, SIGN_UP_WINDOW_S);
  if (hit.exceeded) {
    throw new AppError("TOO_MANY_REQUESTS", "Too many accounts were created from your network. Please try again in an hour.", {
      headers: { "Retry-After": String(hit.resetSeconds) },
    });
  }
}
