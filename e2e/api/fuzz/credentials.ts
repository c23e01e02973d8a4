import { V1_SCOPES, V2_SCOPES } from "../../../server/services/tokens/scopes";
import { revokeApiTokenByValue } from "../../../server/services/tokens/create-token";
import type { Seed } from "../../fixtures";
import type { TokenMode } from "./arbitraries";

/**
 * Tokens for each fuzzed surface, by mode. The server keeps its rate limit (10 requests per
 * 60 s per token unless API_RATE_LIMIT_MAX says otherwise): a token that counts requests is
 * replaced by a freshly minted one before it reaches the limit, so the fuzz runs against the
 * same server as the rest of the suite. A surface with an OpenAPI document must be listed in
 * SURFACE_TOKENS, or the fuzz test fails naming it.
 */

type Minters = {
  /** Format of a well-formed token of this surface (for unknown tokens). */
  prefix: string;
  /** A token with every scope of the surface. */
  all(): Promise<string>;
  /** A token with one scope only (most operations answer 403). */
  one(): Promise<string>;
  /** A valid token of another surface. */
  other(): Promise<string>;
};

type Tenant = { seed: Seed; organizationId: number; formId: number };

const SURFACE_TOKENS: Record<string, (t: Tenant) => Minters> = {
  v2: ({ seed, organizationId, formId }) => ({
    prefix: "fh_v2_",
    all: () => seed.token(organizationId, { scopes: [...V2_SCOPES] }),
    one: () => seed.token(organizationId, { scopes: ["form.view"] }),
    other: () => seed.v1Token(organizationId, formId),
  }),
  v1: ({ seed, organizationId, formId }) => ({
    prefix: "fh_v1_",
    all: () => seed.v1Token(organizationId, formId, [...V1_SCOPES]),
    one: () => seed.v1Token(organizationId, formId, ["form.view"]),
    other: () => seed.token(organizationId),
  }),
};

export function tokenSource(tenant: Tenant, surfaces: string[]) {
  const missing = surfaces.filter((s) => !SURFACE_TOKENS[s]);
  if (missing.length) throw new Error(`No token minters for documented surface(s) ${missing.join(", ")}: add them to e2e/api/fuzz/credentials.ts`);
  const limit = Number(process.env.API_RATE_LIMIT_MAX) || 10;
  const minters = Object.fromEntries(surfaces.map((s) => [s, SURFACE_TOKENS[s]!(tenant)]));
  const counted = new Map<string, { token: string; used: number }>();
  const fixed = new Map<string, string>();

  /** A token that the server counts: at most `limit` requests each. */
  async function rotating(key: string, mint: () => Promise<string>) {
    let current = counted.get(key);
    if (!current || current.used >= limit) counted.set(key, (current = { token: await mint(), used: 0 }));
    current.used++;
    return current.token;
  }
  /** A token the server refuses before counting: minted once. */
  async function once(key: string, mint: () => Promise<string>) {
    let token = fixed.get(key);
    if (!token) fixed.set(key, (token = await mint()));
    return token;
  }

  /** The X-SERVICE-TOKEN header for a request, or null for none. */
  return async (surface: string, mode: TokenMode, text: string): Promise<string | null> => {
    const m = minters[surface]!;
    switch (mode) {
      case "valid":
        return rotating(`${surface}:all`, m.all);
      case "noScope":
        return rotating(`${surface}:one`, m.one);
      case "none":
        return null;
      case "empty":
        return "";
      case "malformed":
        return text;
      case "unknown":
        return `${m.prefix}${text.replace(/[^A-Za-z0-9]/g, "").padEnd(32, "A").slice(0, 32)}`;
      case "revoked":
        return once(`${surface}:revoked`, async () => {
          const token = await m.all();
          await revokeApiTokenByValue(tenant.seed.db, token);
          return token;
        });
      case "otherKind":
        return once(`${surface}:other`, m.other);
    }
  };
}
