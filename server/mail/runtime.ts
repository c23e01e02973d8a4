import "server-only";
import { env, type Env } from "@/server/env";
import { outboxRuntime } from "@/server/outbox/runtime";
import type { MailEngine } from "./send";
import { createMailTransport, type MailTransport } from "./transport";

/** The SMTP transport of this process, made once (globalThis: Next.js may load this module in more than one bundle). */
const globalForMail = globalThis as unknown as { formhouseMailTransport?: MailTransport | null };

/** The From of every message: MAIL_FROM, else an address at APP_URL's host. */
export function mailFrom(e: Pick<Env, "MAIL_FROM" | "APP_URL"> = env()): string {
  return e.MAIL_FROM ?? `Formhouse <formhouse@${new URL(e.APP_URL).hostname}>`;
}

/** Whether a mail server is configured (SMTP_URL). */
export const mailConfigured = () => Boolean(env().SMTP_URL);

/** What a send needs, from the configuration. */
export function mailEngine(): MailEngine {
  const e = env();
  if (globalForMail.formhouseMailTransport === undefined) globalForMail.formhouseMailTransport = createMailTransport(e);
  return {
    db: outboxRuntime().db,
    transport: globalForMail.formhouseMailTransport,
    from: mailFrom(),
    appUrl: e.APP_URL,
    schedule: e.MAIL_RETRY_SCHEDULE,
    messageIdHost: new URL(e.APP_URL).hostname,
  };
}

/** Closes the SMTP connections (the process is stopping). */
export async function closeMailTransport(): Promise<void> {
  globalForMail.formhouseMailTransport?.close();
  globalForMail.formhouseMailTransport = undefined;
}
