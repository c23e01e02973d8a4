import "server-only";
import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { oauthClients, type OauthClient } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { textProblem } from "@/lib/values/text";
import { hashSecret, newClientId, newSecret } from "./secrets";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
const MAX_NAME_LENGTH = 100;

/**
 * A redirect URI the operator may register: absolute, no fragment (RFC 6749 §3.1.2), and
 * https unless it points at this machine (RFC 9700 §2.6, RFC 8252 §7.3). It is then matched
 * by exact string comparison, so it is stored as written.
 */
export function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `redirect URI '${uri}' is not an absolute URL`;
  }
  if (url.hash || uri.includes("#")) return `redirect URI '${uri}' must not contain a fragment (#…)`;
  if (url.username || url.password) return `redirect URI '${uri}' must not contain credentials`;
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return `redirect URI '${uri}' must use https (http only for localhost)`;
}

export type NewClient = { clientId: string; clientSecret?: string };

/**
 * Registers a client. A confidential client gets a secret, returned here once and stored
 * hashed; a public client (`isPublic`) gets none and must use PKCE.
 */
export async function createOAuthClient(
  db: DbOrTx,
  input: { name: string; redirectUris: string[]; isPublic: boolean; selfRegistered?: boolean },
): Promise<NewClient> {
  const name = input.name.trim();
  if (!name) throw new AppError("BAD_REQUEST", "a client needs a name");
  if (name.length > MAX_NAME_LENGTH) throw new AppError("BAD_REQUEST", `the name is longer than ${MAX_NAME_LENGTH} characters`);
  const redirectUris = [...new Set(input.redirectUris)];
  if (redirectUris.length === 0) throw new AppError("BAD_REQUEST", "a client needs at least one redirect URI");
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new AppError("BAD_REQUEST", problem);
  }
  const clientId = newClientId();
  const clientSecret = input.isPublic ? undefined : newSecret("clientSecret");
  await db.insert(oauthClients).values({
    clientId,
    clientSecretHash: clientSecret === undefined ? null : hashSecret(clientSecret),
    name,
    redirectUris,
    registeredAt: input.selfRegistered ? new Date() : null,
  });
  return clientSecret === undefined ? { clientId } : { clientId, clientSecret };
}

export type ClientSummary = { clientId: string; name: string; redirectUris: string[]; public: boolean; createdAt: string };

/** Every registered client, oldest first, without anything secret. */
export async function listOAuthClients(db: DbOrTx): Promise<ClientSummary[]> {
  const rows = await db.select().from(oauthClients).orderBy(asc(oauthClients.createdAt), asc(oauthClients.id));
  return rows.map((c) => ({
    clientId: c.clientId,
    name: c.name,
    redirectUris: c.redirectUris,
    public: c.clientSecretHash === null,
    createdAt: c.createdAt.toISOString(),
  }));
}

/** Deletes a client with every grant, code and token it holds (cascade); false when unknown. */
export async function deleteOAuthClient(db: DbOrTx, clientId: string): Promise<boolean> {
  const rows = await db.delete(oauthClients).where(eq(oauthClients.clientId, clientId)).returning({ id: oauthClients.id });
  return rows.length > 0;
}

/**
 * The client with this public id, or null. Text that cannot be a client id (NUL, unpaired
 * surrogates, absurd length) matches nothing without reaching the database, which would refuse it.
 */
export async function findOAuthClient(db: DbOrTx, clientId: string): Promise<OauthClient | null> {
  if (clientId.length > 255 || textProblem(clientId)) return null;
  const [client] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId)).limit(1);
  return client ?? null;
}

export async function findOAuthClientById(db: DbOrTx, id: number): Promise<OauthClient | null> {
  const [client] = await db.select().from(oauthClients).where(eq(oauthClients.id, id)).limit(1);
  return client ?? null;
}

export const isPublicClient = (client: OauthClient) => client.clientSecretHash === null;
