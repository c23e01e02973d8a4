import { z } from "zod";

/**
 * Configuration, parsed once. A bad value fails fast with a message naming the variable.
 * Read lazily so `next build` can import modules without a database.
 */
const positiveInt = (name: string, fallback: number) => {
  const error = `${name} must be a positive integer`;
  return z.coerce.number({ error }).int({ error }).positive({ error }).default(fallback);
};

const ZEnv = z.object({
  DATABASE_URL: z.url({ error: "DATABASE_URL must be a postgres:// URL" }).optional(),
  PORT: z.coerce.number({ error: "PORT must be a number" }).int().min(1).max(65535).default(3000),
  APP_URL: z.url({ error: "APP_URL must be an absolute URL such as https://forms.example.com" }).optional(),
  NEXTAUTH_SECRET: z.string().min(32, { error: "NEXTAUTH_SECRET must be at least 32 characters" }).optional(),
  API_RATE_LIMIT_MAX: positiveInt("API_RATE_LIMIT_MAX", 10),
  API_RATE_LIMIT_WINDOW_S: positiveInt("API_RATE_LIMIT_WINDOW_S", 60),
  /** Connector (OAuth) limits: access tokens live an hour (spec §5.2); a rotated refresh token works 60 s more. */
  OAUTH_ACCESS_TOKEN_TTL_S: positiveInt("OAUTH_ACCESS_TOKEN_TTL_S", 3600),
  OAUTH_REFRESH_GRACE_S: positiveInt("OAUTH_REFRESH_GRACE_S", 60),
  CONNECTOR_RATE_LIMIT_MAX: positiveInt("CONNECTOR_RATE_LIMIT_MAX", 60),
  CONNECTOR_RATE_LIMIT_WINDOW_S: positiveInt("CONNECTOR_RATE_LIMIT_WINDOW_S", 60),
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
