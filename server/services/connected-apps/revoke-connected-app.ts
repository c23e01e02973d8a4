import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { oauthClients, oauthGrants } from "@/db/schema";
import { AppError, MESSAGES } from "@/lib/errors";
import { revokeGrant } from "@/server/oauth/grants";
import type { FormAccess } from "@/server/services/forms/access";

/**
 * Disconnects an app of the organization: its tokens stop at once (server/oauth/grants.ts).
 * 404 for a grant of another organization or one already revoked.
 */
export async function revokeConnectedApp(db: DbOrTx, access: FormAccess, grantId: number): Promise<{ id: number; clientName: string }> {
  return db.transaction(async (tx) => {
    const [grant] = await tx
      .select({ id: oauthGrants.id, clientName: oauthClients.name })
      .from(oauthGrants)
      .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
      .where(and(eq(oauthGrants.id, grantId), eq(oauthGrants.organizationId, access.organizationId), isNull(oauthGrants.revokedAt)))
      .for("update");
    if (!grant) throw new AppError("NOT_FOUND", MESSAGES.connectedAppNotFound);
    await revokeGrant(tx, grant.id);
    return grant;
  });
}
