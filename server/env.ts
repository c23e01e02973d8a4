import "server-only";
import { isIP } from "node:net";
import { z } from "zod";

/**
 * Configuration, parsed once. A bad value fails fast with a message naming the variable.
 * Read lazily so `next build` can import modules without a database.
 */
const port = (name: string) => {
  const error = `${name} must be a port number from 1 to 65535`;
  return z.coerce.number({ error }).int({ error }).min(1, { error }).max(65535, { error });
};

const positiveInt = (name: string) => {
  const error = `${name} must be a positive integer`;
  return z.coerce.number({ error }).int({ error }).positive({ error });
};

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** `true` is one proxy, a number is that many (each appends to X-Forwarded-For); `false` is none. */
function trustedProxyHops(value: string): number | null {
  const v = value.trim().toLowerCase();
  if (v === "true") return 1;
  if (v === "false") return 0;
  return /^\d{1,2}$/.test(v) ? Number(v) : null;
}

/**
 * The wait after each failed webhook attempt, in seconds: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h,
 * 14 h, 20 h, 24 h — ten attempts over about three days (server/outbox/schedule.ts).
 */
export const DEFAULT_RETRY_SCHEDULE_S = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400];

/**
 * The wait after each failed mail attempt, in seconds: 1 min, 5 min, 15 min, 1 h, 3 h, 6 h, then
 * 12 h three times — ten attempts over about two days (server/mail/send.ts).
 */
export const DEFAULT_MAIL_RETRY_SCHEDULE_S = [60, 300, 900, 3600, 10800, 21600, 43200, 43200, 43200];

/** Seconds separated by commas, each above 0: a retry schedule. */
const retrySchedule = (name: string, fallback: number[]) =>
  z
    .string()
    .regex(/^\s*\d+(\.\d+)?\s*(,\s*\d+(\.\d+)?\s*)*$/, { error: `${name} must be seconds separated by commas, e.g. 5,300,1800` })
    .transform((v) => v.split(",").map(Number))
    .refine((steps) => steps.every((s) => s > 0), { error: `${name} steps must be greater than 0` })
    .default(fallback);

const SMTP_URL_ERROR = "SMTP_URL must be smtp://user:password@host:587 or smtps://user:password@host:465";

const ZEnv = z.object({
  DATABASE_URL: z.url({ error: "DATABASE_URL must be a postgres:// URL" }).optional(),
  /** A streaming replica for lists, exports, tables and charts (server/read-replica.ts); writes stay on DATABASE_URL. */
  DATABASE_READ_URL: z.url({ error: "DATABASE_READ_URL must be a postgres:// URL" }).optional(),
  PORT: port("PORT").default(3000),
  /** Loopback unless told otherwise: a self-hoster exposes the service on purpose (HOST=0.0.0.0). */
  HOST: z
    .string()
    .trim()
    .refine((h) => isIP(h) !== 0 || HOST_NAME.test(h), {
      error: "HOST must be an address to listen on, such as 127.0.0.1 (this machine only) or 0.0.0.0 (every interface)",
    })
    .default("127.0.0.1"),
  APP_URL: z.url({ error: "APP_URL must be an absolute URL such as https://forms.example.com" }).optional(),
  NEXTAUTH_SECRET: z.string().min(32, { error: "NEXTAUTH_SECRET must be at least 32 characters" }).optional(),
  /** Proxies in front of the service whose X-Forwarded-For entries are believed (0: none). */
  TRUST_PROXY: z
    .string()
    .transform((v, ctx) => {
      const hops = trustedProxyHops(v);
      if (hops === null) {
        ctx.addIssue({ code: "custom", message: "TRUST_PROXY must be true, false or the number of proxies in front of Formhouse" });
        return z.NEVER;
      }
      return hops;
    })
    .default(0),
  API_RATE_LIMIT_MAX: positiveInt("API_RATE_LIMIT_MAX").default(10),
  API_RATE_LIMIT_WINDOW_S: positiveInt("API_RATE_LIMIT_WINDOW_S").default(60),
  SUBMIT_RATE_LIMIT_MAX: positiveInt("SUBMIT_RATE_LIMIT_MAX").default(20),
  SUBMIT_RATE_LIMIT_WINDOW_S: positiveInt("SUBMIT_RATE_LIMIT_WINDOW_S").default(60),
  /** Port of the embedded PostgreSQL; unset: 54329, or any free port when that one is taken. */
  EMBEDDED_PG_PORT: port("EMBEDDED_PG_PORT").optional(),
  /**
   * Connector (OAuth) limits: access tokens live an hour (`expires_in` of `POST /oauth/token`);
   * a rotated refresh token works 60 s more.
   */
  OAUTH_ACCESS_TOKEN_TTL_S: positiveInt("OAUTH_ACCESS_TOKEN_TTL_S").default(3600),
  OAUTH_REFRESH_GRACE_S: positiveInt("OAUTH_REFRESH_GRACE_S").default(60),
  CONNECTOR_RATE_LIMIT_MAX: positiveInt("CONNECTOR_RATE_LIMIT_MAX").default(60),
  CONNECTOR_RATE_LIMIT_WINDOW_S: positiveInt("CONNECTOR_RATE_LIMIT_WINDOW_S").default(60),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"], { error: "LOG_LEVEL must be one of debug, info, warn, error" }).default("info"),
  /** Turns on `GET /metrics` (Prometheus), which then requires it as a bearer token. */
  METRICS_TOKEN: z.string().min(16, { error: "METRICS_TOKEN must be at least 16 characters" }).optional(),
  /**
   * How long a stopping instance (SIGTERM) waits for its requests in flight and its workers'
   * current deliveries before it exits anyway.
   */
  SHUTDOWN_TIMEOUT_MS: positiveInt("SHUTDOWN_TIMEOUT_MS").default(25_000),
  /**
   * How long a stopping instance keeps taking requests while its readiness answers 503, so a
   * balancer's health checks take it out before it stops listening (deploy/haproxy.cfg: 3000).
   */
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ error: "SHUTDOWN_DRAIN_MS must be a whole number of milliseconds" })
    .int({ error: "SHUTDOWN_DRAIN_MS must be a whole number of milliseconds" })
    .min(0, { error: "SHUTDOWN_DRAIN_MS must be a whole number of milliseconds" })
    .default(0),
  /** `off` keeps the webhook worker out of this web instance (run `npm run worker` elsewhere). */
  WEBHOOK_WORKER: z.enum(["on", "off"], { error: "WEBHOOK_WORKER must be on or off" }).default("on"),
  /** Lets webhooks target loopback and private addresses (local development, tests). */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: z.stringbool({ error: "WEBHOOK_ALLOW_PRIVATE_TARGETS must be true or false" }).default(false),
  /** Seconds to wait after each failed attempt, comma-separated; its length is the number of retries. */
  WEBHOOK_RETRY_SCHEDULE: retrySchedule("WEBHOOK_RETRY_SCHEDULE", DEFAULT_RETRY_SCHEDULE_S),
  /** Attempts one worker runs at once, over all endpoints. */
  WEBHOOK_CONCURRENCY: positiveInt("WEBHOOK_CONCURRENCY").default(50),
  /** Attempts one worker runs at once to one endpoint, so a slow endpoint cannot take the pool. */
  WEBHOOK_ENDPOINT_CONCURRENCY: positiveInt("WEBHOOK_ENDPOINT_CONCURRENCY").default(5),
  /** Days a finished delivery (succeeded or failed) stays in the delivery log before the worker removes it. */
  WEBHOOK_DELIVERY_RETENTION_DAYS: positiveInt("WEBHOOK_DELIVERY_RETENTION_DAYS").default(30),
  /** The mail server; unset, messages are kept in the mail log as not sent. */
  SMTP_URL: z
    .url({ error: SMTP_URL_ERROR })
    .refine((u) => /^smtps?:\/\/[^/]/i.test(u), { error: SMTP_URL_ERROR })
    .optional(),
  /** The From of every message: an address, or a name and an address (`Formhouse <forms@example.com>`). */
  MAIL_FROM: z
    .string()
    .refine((v) => !/[\r\n]/.test(v) && /@/.test(v), { error: "MAIL_FROM must be an address such as Formhouse <forms@example.com>" })
    .optional(),
  /** A PEM file of private CA certificates the mail server's certificate may chain to. */
  SMTP_CA_FILE: z.string().optional(),
  /** Accepts any certificate from the mail server: only for a test server; `npm start` warns. */
  SMTP_TLS_ALLOW_UNVERIFIED: z.stringbool({ error: "SMTP_TLS_ALLOW_UNVERIFIED must be true or false" }).default(false),
  MAIL_RETRY_SCHEDULE: retrySchedule("MAIL_RETRY_SCHEDULE", DEFAULT_MAIL_RETRY_SCHEDULE_S),
  /** Messages one worker sends at once. */
  MAIL_CONCURRENCY: positiveInt("MAIL_CONCURRENCY").default(10),
  /** Days a finished message stays in the mail log. */
  MAIL_LOG_RETENTION_DAYS: positiveInt("MAIL_LOG_RETENTION_DAYS").default(30),
  /** Receipts one form sends per hour, and one address receives per day, before they are capped. */
  MAIL_RECEIPTS_PER_FORM_PER_HOUR: positiveInt("MAIL_RECEIPTS_PER_FORM_PER_HOUR").default(100),
  MAIL_RECEIPTS_PER_RECIPIENT_PER_DAY: positiveInt("MAIL_RECEIPTS_PER_RECIPIENT_PER_DAY").default(3),
  /** Where a Turnstile or hCaptcha solution is checked (server/services/publishing/captcha.ts); a test points them at its own verifier. */
  TURNSTILE_VERIFY_URL: z
    .url({ error: "TURNSTILE_VERIFY_URL must be an absolute URL" })
    .default("https://challenges.cloudflare.com/turnstile/v0/siteverify"),
  HCAPTCHA_VERIFY_URL: z.url({ error: "HCAPTCHA_VERIFY_URL must be an absolute URL" }).default("https://api.hcaptcha.com/siteverify"),
  /**
   * `invite-only` closes public sign-up: accounts come from invitations, but for the first user
   * of an empty instance, who becomes its owner.
   */
  SIGNUP: z.enum(["open", "invite-only"], { error: "SIGNUP must be open or invite-only" }).default("open"),
  /** Days a row stays in the audit log before the worker removes it. */
  AUDIT_RETENTION_DAYS: positiveInt("AUDIT_RETENTION_DAYS").default(365),
  /** The largest file any file-upload field takes, in MB: a form's own `maxFileSizeMb` may not go above it. */
  UPLOAD_MAX_FILE_MB: positiveInt("UPLOAD_MAX_FILE_MB").default(25),
  /** Where uploaded files live on local disk (unset: `.data/uploads`, beside the embedded database). Not with S3_BUCKET. */
  UPLOAD_DIR: z.string().trim().min(1).optional(),
  /** An S3 or S3-compatible bucket for uploaded files; set, files go there instead of local disk (several instances need it). */
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_ENDPOINT: z.url({ error: "S3_ENDPOINT must be an absolute URL such as https://s3.eu-west-1.amazonaws.com" }).optional(),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path (`https://host/bucket/key`), as most self-hosted S3-compatible stores want. */
  S3_FORCE_PATH_STYLE: z.stringbool({ error: "S3_FORCE_PATH_STYLE must be true or false" }).default(false),
});

export type Env = z.infer<typeof ZEnv> & { APP_URL: string };

/** A bad configuration: one sentence per bad variable, one per line. */
export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings count as unset (a blank line in .env should not break start-up).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const messages = new Set(parsed.error.issues.map((i) => `Invalid configuration: ${i.message}.`));
    throw new ConfigError([...messages].join("\n"));
  }
  const env = parsed.data;
  return { ...env, APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "") };
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
