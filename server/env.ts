import { z } from "zod";

const positiveInt = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a positive integer` })
    .int({ error: `${name} must be a positive integer` })
    .positive({ error: `${name} must be a positive integer` });

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
  SUBMIT_RATE_LIMIT_MAX: positiveInt("SUBMIT_RATE_LIMIT_MAX").default(20),
  SUBMIT_RATE_LIMIT_WINDOW_S: positiveInt("SUBMIT_RATE_LIMIT_WINDOW_S").default(60),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (its last entry). */
  TRUST_PROXY: z.enum(["true", "false"], { error: "TRUST_PROXY must be true or false" }).default("false").transform((v) => v === "true"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
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
