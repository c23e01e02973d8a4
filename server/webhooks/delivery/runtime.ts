import "server-only";
import type { Agent } from "undici";
import { env } from "@/server/env";
import { outboxRuntime } from "@/server/outbox/runtime";
import type { DeliveryEngine } from "./deliver";
import { createWebhookAgent } from "./post";
import type { TargetPolicy } from "./target-guard";

/** The guarded HTTP agent of this process, made once (globalThis: Next.js may load this module in more than one bundle). */
const globalForWebhooks = globalThis as unknown as { formhouseWebhookAgent?: Agent };

/** WEBHOOK_ALLOW_PRIVATE_TARGETS as the guard's policy. */
export const targetPolicy = (): TargetPolicy => ({ allowPrivate: env().WEBHOOK_ALLOW_PRIVATE_TARGETS });

/** What an attempt needs, from the configuration. */
export function deliveryEngine(): DeliveryEngine {
  globalForWebhooks.formhouseWebhookAgent ??= createWebhookAgent(targetPolicy());
  return { db: outboxRuntime().db, dispatcher: globalForWebhooks.formhouseWebhookAgent, schedule: env().WEBHOOK_RETRY_SCHEDULE };
}

/** Closes the agent (the process is stopping). */
export async function closeWebhookAgent(): Promise<void> {
  const agent = globalForWebhooks.formhouseWebhookAgent;
  globalForWebhooks.formhouseWebhookAgent = undefined;
  await agent?.close();
}
