import "server-only";
import { createHash } from "node:crypto";
import type { DbOrTx } from "@/db";
import { hitRateLimits, releaseHits } from "@/server/services/lib/rate-limit";

/**
 * Password guessing is slowed without letting a stranger lock an owner out. Three counters
 * per attempt, in 15-minute windows shared by every instance (rate_limit_counters):
 * - account + client: after PAIR_ATTEMPTS attempts that pair is refused. A stranger only
 *   locks themselves out; the owner, on another network, signs in as usual.
 * - client, across accounts: after CLIENT_ATTEMPTS it is refused (one password sprayed
 *   over many emails).
 * - account, across clients: past ACCOUNT_SLOWDOWN_AFTER every attempt waits a little
 *   longer (SLOWDOWN_STEP_MS more each, at most MAX_SLOWDOWN_MS): a distributed attack is
 *   slowed, and the owner still gets in.
 * A successful sign-in clears its pair and gives back its client and account attempts.
 *
 * Accounts are keyed by a hash of the normalised email, whether an account exists or not:
 * refusals and delays say nothing about which emails have accounts, keys have one length
 * whatever was typed, and no email is stored.
 */
export const SIGN_IN_WINDOW_S = 15 * 60;
export const PAIR_ATTEMPTS = 10;
export const CLIENT_ATTEMPTS = 30;
export const ACCOUNT_SLOWDOWN_AFTER = 50;
const SLOWDOWN_STEP_MS = 250;
const MAX_SLOWDOWN_MS = 10_000;

export type SignInKeys = { pair: string; client: string; account: string };

export type ThrottleDecision = { refused: "pair" | "client"; keys: SignInKeys } | { refused: null; keys: SignInKeys; delayMs: number };

export function signInKeys(email: string, client: string): SignInKeys {
  const account = createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
  return { pair: `signin:pair:${account}:${client}`, client: `signin:client:${client}`, account: `signin:account:${account}` };
}

/** Counts an attempt before its password is checked: refused, or how long to wait first. */
export async function throttleSignIn(db: DbOrTx, email: string, client: string): Promise<ThrottleDecision> {
  const keys = signInKeys(email, client);
  // Sign-ins make most keys (one per client and email), so they purge the ended ones.
  const hits = await hitRateLimits(db, [keys.pair, keys.client], SIGN_IN_WINDOW_S, { purgeExpired: true });
  if (hits.get(keys.pair)!.count > PAIR_ATTEMPTS) return { refused: "pair", keys };
  if (hits.get(keys.client)!.count > CLIENT_ATTEMPTS) return { refused: "client", keys };
  // Refused attempts test no password, so only these count towards slowing the account.
  const account = (await hitRateLimits(db, [keys.account], SIGN_IN_WINDOW_S)).get(keys.account)!;
  const over = account.count - ACCOUNT_SLOWDOWN_AFTER;
  return { refused: null, keys, delayMs: over > 0 ? Math.min(MAX_SLOWDOWN_MS, over * SLOWDOWN_STEP_MS) : 0 };
}

export async function signInSucceeded(db: DbOrTx, keys: SignInKeys): Promise<void> {
  await releaseHits(db, { clear: [keys.pair], refund: [keys.client, keys.account] });
}
