import "server-only";
import type { DbOrTx } from "@/db";
import { memberAccessOrThrow } from "@/server/services/members/member-grant";

/**
 * The organization whose audit log the signed-in member may read (the permission `audit.view`
 * of lib/permissions.ts: owners and admins); else the table's 403 sentence. The CSV route's check;
 * the procedures get the same one from sessionProcedure.
 */
export async function getAuditOrganizationOrThrow(db: DbOrTx, who: { userId: number; organizationId: number }): Promise<number> {
  return (await memberAccessOrThrow(db, who, "audit.view")).organizationId;
}
