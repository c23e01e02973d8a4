import { z } from "zod";
import { DEFAULT_RETRY_SCHEDULE_S } from "./webhooks/schedule";

/**
 * Configuration, parsed once. A bad value fails fast with a message naming the variable.
 * Read lazily so `next build` can import modules without a database.
 */
const ZEnv = z.object({
  DATABASE_URL: z.url({ error: "DATABASE_URL must be a postgres:// URL" }).optional(),
  PORT: z.coerce.number({ error: "PORT must be a number" }).int().min(1).max(65535).default(3000),
  APP_URL: z.url({ error: "APP_URL must be an absolute URL such as https://forms.example.com" }).optional(),
  NEXTAUTH_SECRET: z.string().min(32, { error: "NEXTAUTH_SECRET must be at least 32 characters" }).optional(),
  API_RATE_LIMIT_MAX: z.coerce
    .number({ error: "API_RATE_LIMIT_MAX must be a positive integer" })
    .int({ error: "API_RATE_LIMIT_MAX must be a positive integer" })
    .positive({ error: "API_RATE_LIMIT_MAX must be a positive integer" })
    .default(10),
  API_RATE_LIMIT_WINDOW_S: z.coerce
    .number({ error: "API_RATE_LIMIT_WINDOW_S must be a positive integer" })
    .int({ error: "API_RATE_LIMIT_WINDOW_S must be a positive integer" })
    .positive({ error: "API_RATE_LIMIT_WINDOW_S must be a positive integer" })
    .default(60),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** `off` keeps the webhook worker out of this web instance (run `npm run worker` elsewhere). */
  WEBHOOK_WORKER: z.enum(["on", "off"], { error: "WEBHOOK_WORKER must be on or off" }).default("on"),
  /** Lets webhooks target loopback and private addresses (local development, tests). */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: z.stringbool({ error: "WEBHOOK_ALLOW_PRIVATE_TARGETS must be true or false" }).default(false),
  /** Seconds to wait after each failed attempt, comma-separated; its length is the number of retries. */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\s*\d+(\.\d+)?\s*(,\s*\d+(\.\d+)?\s*)*$/, {
      error: "WEBHOOK_RETRY_SCHEDULE must be seconds separated by commas, e.g. 5,300,1800",
    })
    .transform((v) => v.split(",").map(Number))
    .refine((steps) => steps.every((s) => s > 0), { error: "WEBHOOK_RETRY_SCHEDULE steps must be greater than 0" })
    .default(DEFAULT_RETRY_SCHEDULE_S),
  /** Attempts one worker runs at once, over all endpoints. */
  WEBHOOK_CONCURRENCY: z.coerce
    .number({ error: "WEBHOOK_CONCURRENCY must be a positive integer" })
    .int({ error: "WEBHOOK_CONCURRENCY must be a positive integer" })
    .positive({ error: "WEBHOOK_CONCURRENCY must be a positive integer" })
    .default(50),
  /** Attempts one worker runs at once to one endpoint, so a slow endpoint cannot take the pool. */
  WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce
    .number({ error: "WEBHOOK_ENDPOINT_CONCURRENCY must be a positive integer" })
    .int({ error: "WEBHOOK_ENDPOINT_CONCURRENCY must be a positive integer" })
    .positive({ error: "WEBHOOK_ENDPOINT_CONCURRENCY must be a positive integer" })
    .default(5),
});

export type Env = z.infer<typeof ZEnv> & { APP_URL: string };

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings count as unset (a blank line in .env should not break start-up).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  return { ...env, APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "") };
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
