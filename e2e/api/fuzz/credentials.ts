import { eq } from "drizzle-orm";
import { oauthClients } from "../../../db/schema";
import { createOAuthClient } from "../../../server/oauth/clients";
import { createGrant, issueTokenPair, revokeGrant } from "../../../server/oauth/grants";
import { V1_SCOPES, V2_SCOPES } from "../../../lib/scopes/token-scopes";
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
  /** Revokes a token `all` minted. */
  revoke(token: string): Promise<void>;
  /** The request header that carries a token. */
  header(token: string): Record<string, string>;
};

type Tenant = { seed: Seed; organizationId: number; userId: number; formId: number };

const serviceToken = (token: string) => ({ "x-service-token": token });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Connector tokens: a connection (grant) of the tenant's user per token, as the OAuth flow makes them. */
function connectorMinters({ seed, organizationId, userId }: Tenant): Minters {
  const grantOf = new Map<string, number>();
  const client = createOAuthClient(seed.db, { name: "Fuzz platform", redirectUris: ["https://fuzz.example.com/cb"], isPublic: false }).then(
    async ({ clientId }) =>
      (await seed.db.select({ id: oauthClients.id }).from(oauthClients).where(eq(oauthClients.clientId, clientId)))[0]!.id,
  );
  const mint = async (scopes: string[]) => {
    const grantId = await createGrant(seed.db, { clientId: await client, userId, organizationId, scopes });
    const { accessToken } = await issueTokenPair(seed.db, grantId, scopes);
    grantOf.set(accessToken, grantId);
    return accessToken;
  };
  return {
    prefix: "fh_at_",
    all: () => mint(["profile:read", "forms:read", "submission:read"]),
    one: () => mint(["profile:read"]),
    other: () => seed.token(organizationId),
    revoke: async (token) => void (await revokeGrant(seed.db, grantOf.get(token)!)),
    header: bearer,
  };
}

const SURFACE_TOKENS: Record<string, (t: Tenant) => Minters> = {
  v2: ({ seed, organizationId, formId }) => ({
    prefix: "fh_v2_",
    all: () => seed.token(organizationId, { scopes: [...V2_SCOPES] }),
    one: () => seed.token(organizationId, { scopes: ["form.view"] }),
    other: () => seed.v1Token(organizationId, formId),
    revoke: async (token) => void (await revokeApiTokenByValue(seed.db, token)),
    header: serviceToken,
  }),
  v1: ({ seed, organizationId, formId }) => ({
    prefix: "fh_v1_",
    all: () => seed.v1Token(organizationId, formId, [...V1_SCOPES]),
    one: () => seed.v1Token(organizationId, formId, ["form.view"]),
    other: () => seed.token(organizationId),
    revoke: async (token) => void (await revokeApiTokenByValue(seed.db, token)),
    header: serviceToken,
  }),
  connector: connectorMinters,
};

export function tokenSource(tenant: Tenant, surfaces: string[]) {
  const missing = surfaces.filter((s) => !SURFACE_TOKENS[s]);
  if (missing.length)
    throw new Error(`No token minters for documented surface(s) ${missing.join(", ")}: add them to e2e/api/fuzz/credentials.ts`);
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

  /** The token of a request (in the surface's header: headerFor), or null for none. */
  const tokenFor = async (surface: string, mode: TokenMode, text: string): Promise<string | null> => {
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
        return `${m.prefix}${text
          .replace(/[^A-Za-z0-9]/g, "")
          .padEnd(32, "A")
          .slice(0, 32)}`;
      case "revoked":
        return once(`${surface}:revoked`, async () => {
          const token = await m.all();
          await m.revoke(token);
          return token;
        });
      case "otherKind":
        return once(`${surface}:other`, m.other);
    }
  };
  const headerFor = (surface: string, token: string) => minters[surface]!.header(token);
  return { tokenFor, headerFor };
}
