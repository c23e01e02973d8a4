import "server-only";
import { AppError } from "@/lib/errors";
import { targetPolicy } from "@/server/webhooks/delivery/runtime";
import { checkedAddresses, RefusedTargetError } from "@/server/webhooks/delivery/target-guard";

/**
 * 422 unless every address of the URL's host may be reached (delivery/target-guard.ts).
 * The same guard runs again on every connection, so a later DNS change is caught there.
 */
export async function assertAllowedTarget(url: string, path: readonly (string | number)[] = ["url"]): Promise<void> {
  try {
    await checkedAddresses(new URL(url).hostname, targetPolicy());
  } catch (err) {
    if (!(err instanceof RefusedTargetError)) throw err;
    // Loopback and private addresses are refused unless the operator allows them: say how, since the one
    // who meets this is often the operator testing a receiver on their own network.
    const hint = err.operatorMayAllow ? ` (an operator can allow private addresses with WEBHOOK_ALLOW_PRIVATE_TARGETS=true)` : "";
    const reason = `is not allowed: ${err.message}${hint}`;
    throw new AppError("UNPROCESSABLE", `url ${reason}`, { path, reason });
  }
}
