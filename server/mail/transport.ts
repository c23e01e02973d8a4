import "server-only";
import { readFileSync } from "node:fs";
import net from "node:net";
import nodemailer from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Env } from "@/server/env";

/** What the mail transport says about one message. */
export type SendOutcome =
  | { ok: true; reply: string }
  /** `permanent`: the server refused the message (5xx); trying again would get the same answer. */
  | { ok: false; reply: string; permanent: boolean };

export type OutgoingMail = {
  messageId: string;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
};

export type MailTransport = {
  /** "smtp://mail.example.com:587 (STARTTLS when offered)" — never the password (describeSmtpUrl). */
  description: string;
  send(mail: OutgoingMail): Promise<SendOutcome>;
  close(): void;
};

type SmtpError = Error & { code?: string; responseCode?: number; response?: string };

/**
 * The reply to keep from a failed send: the SMTP server's own words when it answered, else
 * the connection's error. A 5xx to the message (not to the login: a wrong password is fixed
 * by the operator, and the message should then go) is permanent.
 */
export function describeSendError(err: unknown): { reply: string; permanent: boolean } {
  const e = err as SmtpError;
  const reply = (e.response || e.message || String(err)).replace(/\s+/g, " ").trim().slice(0, 1000);
  const code = e.responseCode ?? 0;
  return { reply, permanent: code >= 500 && code < 600 && e.code !== "EAUTH" };
}

/**
 * The transport's sockets, with Nagle's algorithm off: SMTP is a dialogue of small writes, and
 * with Nagle on, each message waits on delayed ACKs (about 40 ms a message on loopback, which
 * held a worker to ~100 messages a second; BENCHMARKS.md § Mail). The socket is handed over
 * while it connects, so nodemailer's own timeouts and error handling apply to it as to its own,
 * and it still does the TLS (implicit or STARTTLS) on it.
 */
function socketWithoutDelay(host: string, port: number): SMTPPool.Options["getSocket"] {
  return (_options, callback) => callback(null, { connection: net.connect({ host, port, noDelay: true, keepAlive: true }) });
}

type TransportEnv = Pick<Env, "SMTP_URL" | "SMTP_CA_FILE" | "SMTP_TLS_ALLOW_UNVERIFIED">;

/**
 * What SMTP_URL names, in words for people (the dashboard's Settings → Mail, `npm start`):
 * scheme, host, port and TLS mode, never the login. null when mail is off.
 */
export function describeSmtpUrl(smtpUrl: string | undefined): string | null {
  if (!smtpUrl) return null;
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const port = Number(url.port) || (secure ? 465 : 587);
  return `${url.protocol}//${url.hostname}:${port} (${secure ? "TLS" : "STARTTLS when offered"}${url.username ? ", with a login" : ""})`;
}

/**
 * The transport SMTP_URL names, or null when mail is off. Pooled unless `pooled: false`:
 * connections are reused across messages; a test message wants a connection (and a login)
 * of its own, so it checks the configuration as it is now.
 */
export function createMailTransport(env: TransportEnv, opts: { pooled?: boolean } = {}): MailTransport | null {
  if (!env.SMTP_URL) return null;
  const url = new URL(env.SMTP_URL);
  const secure = url.protocol === "smtps:";
  const port = Number(url.port) || (secure ? 465 : 587);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const pooled = opts.pooled ?? true;
  const options: SMTPPool.Options | SMTPTransport.Options = {
    ...(pooled ? { pool: true as const, maxConnections: 5 } : {}),
    host,
    port,
    getSocket: socketWithoutDelay(host, port),
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    tls: {
      rejectUnauthorized: !env.SMTP_TLS_ALLOW_UNVERIFIED,
      ...(env.SMTP_CA_FILE ? { ca: readFileSync(env.SMTP_CA_FILE, "utf8") } : {}),
    },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
  const transporter = nodemailer.createTransport(options);
  return {
    description: describeSmtpUrl(env.SMTP_URL)!,
    async send(mail) {
      try {
        const info = await transporter.sendMail({
          messageId: mail.messageId,
          from: mail.from,
          // One address, as given: never read as a list or a display name ("a,b@x" is not b@x).
          to: { name: "", address: mail.to },
          replyTo: mail.replyTo,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
          date: new Date(),
          disableFileAccess: true,
          disableUrlAccess: true,
        });
        return { ok: true, reply: String(info.response ?? "accepted").slice(0, 1000) };
      } catch (err) {
        return { ok: false, ...describeSendError(err) };
      }
    },
    close: () => transporter.close(),
  };
}
