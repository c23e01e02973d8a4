import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { oauthClients, oauthGrants, users } from "@/db/schema";
import type { FormAccess } from "@/server/services/forms/access";

export type ConnectedApp = {
  id: number;
  clientName: string;
  /** The client registered itself (an MCP client, RFC 7591): its name is unverified. */
  selfRegistered: boolean;
  /** What it connects to: the connector, or the MCP endpoint (an assistant). */
  kind: "connector" | "mcp";
  scopes: string[];
  connectedBy: { email: string; name: string };
  /** When the user allowed it. */
  createdAt: Date;
  /** Last connector call or token refresh (to the minute). */
  lastUsedAt: Date | null;
};

/** The organization's live OAuth connections (unrevoked grants), newest first. */
export async function listConnectedApps(db: DbOrTx, access: FormAccess): Promise<ConnectedApp[]> {
  return db
    .select({
      id: oauthGrants.id,
      clientName: oauthClients.name,
      selfRegistered: sql<boolean>`${oauthClients.registeredAt} is not null`,
      kind: sql<"connector" | "mcp">`case when ${oauthGrants.resource} is null then 'connector' else 'mcp' end`,
      scopes: oauthGrants.scopes,
      connectedBy: { email: users.email, name: users.name },
      createdAt: oauthGrants.createdAt,
      lastUsedAt: oauthGrants.lastUsedAt,
    })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .innerJoin(users, eq(users.id, oauthGrants.userId))
    .where(and(eq(oauthGrants.organizationId, access.organizationId), isNull(oauthGrants.revokedAt)))
    .orderBy(desc(oauthGrants.createdAt), desc(oauthGrants.id));
}
