import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { oauthAuthorizationCodes } from "@/db/schema";
import { hashSecret, newSecret } from "./secrets";

/** Codes are exchanged by the platform right after the redirect; RFC 6749 §4.1.2 allows ≤ 10 min. */
export const CODE_TTL_S = 300;

export type CodeInput = {
  clientId: number;
  userId: number;
  organizationId: number;
  scopes: string[];
  redirectUri: string;
  redirectUriSent: boolean;
  codeChallenge: string | null;
  /** RFC 8707: null the connector, else the MCP endpoint's URL; the grant keeps it. */
  resource: string | null;
};

/** Issues a single-use authorization code (returned once; its hash is stored). */
export async function issueAuthorizationCode(db: DbOrTx, input: CodeInput): Promise<string> {
  const code = newSecret("code");
  await db.insert(oauthAuthorizationCodes).values({
    ...input,
    codeHash: hashSecret(code),
    expiresAt: sql`now() + make_interval(secs => ${CODE_TTL_S})`,
  });
  // Codes long past their expiry are useless, even to detect a replay: clear them out.
  await db.delete(oauthAuthorizationCodes).where(sql`${oauthAuthorizationCodes.expiresAt} < now() - interval '1 day'`);
  return code;
}
