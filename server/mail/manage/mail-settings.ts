import "server-only";
import type { DbOrTx } from "@/db";
import { env } from "@/server/env";
import { mailFrom } from "../runtime";
import { describeSmtpUrl } from "../transport";
import { countOpenMail } from "./mail-log";

export type MailSettings = {
  /** Whether a mail server is configured (SMTP_URL). */
  on: boolean;
  /** The server in words (host, port, TLS mode), never its login; null when mail is off. */
  transport: string | null;
  from: string;
  /** SMTP_TLS_ALLOW_UNVERIFIED: the server's certificate is not checked. */
  certificateUnchecked: boolean;
  pending: number;
  failed: number;
};

/** How this instance sends mail, and how many of the organization's messages wait or failed. */
export async function getMailSettings(db: DbOrTx, organizationId: number): Promise<MailSettings> {
  const e = env();
  return {
    on: Boolean(e.SMTP_URL),
    transport: describeSmtpUrl(e.SMTP_URL),
    from: mailFrom(),
    certificateUnchecked: Boolean(e.SMTP_URL) && e.SMTP_TLS_ALLOW_UNVERIFIED,
    ...(await countOpenMail(db, organizationId)),
  };
}
