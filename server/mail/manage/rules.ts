import "server-only";
import type { DbOrTx } from "@/db";
import type { MailKind } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { hitRateLimit } from "@/server/services/lib/rate-limit";

/**
 * The rules of Settings → Mail that more than one of its services reads: which messages may
 * be sent again, and how many an organization may send by hand.
 */

/**
 * Kinds whose message carried a one-time link (`content.secret`, gone once the message was
 * sent or given up): sending one again could only send it without its link, so it is never
 * resent; the person asks for a new one.
 */
const ONE_TIME_LINK_KINDS: readonly MailKind[] = ["password_reset", "email_change", "invitation", "resume_link"];

/** Why a message of `kind` cannot be sent again by hand; null when it can. */
export function resendRefusal(kind: MailKind): string | null {
  return ONE_TIME_LINK_KINDS.includes(kind) ? "Contains a one-time link: ask for a new one" : null;
}

/**
 * Messages an organization may send by hand an hour — test messages and resends together —
 * so a signed-up account cannot turn the button into a way of mailing an address over and over.
 */
export const MANUAL_SENDS_PER_HOUR = 20;

/** Counts one message sent by hand; past the limit it is a 429 and nothing is sent. */
export async function countManualSend(db: DbOrTx, organizationId: number): Promise<void> {
  const hit = await hitRateLimit(db, `mail:manual:${organizationId}`, MANUAL_SENDS_PER_HOUR, 3600);
  if (hit.exceeded) {
    const minutes = Math.ceil(hit.resetSeconds / 60);
    throw new AppError(
      "TOO_MANY_REQUESTS",
      `At most ${MANUAL_SENDS_PER_HOUR} messages an hour can be sent by hand (tests and resends): try again in ${minutes} min`,
      { headers: { "Retry-After": String(hit.resetSeconds) } },
    );
  }
}
