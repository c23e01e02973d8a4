import "server-only";
import type { DbOrTx } from "@/db";
import { AppError } from "@/lib/errors";
import { canReadAudit } from "@/lib/organization-roles";
import { getAccountOrThrow } from "@/server/services/users/get-account";

export const AUDIT_FORBIDDEN = "Only an owner or an admin can read the audit log";

/** The signed-in member's organization, when their role may read its audit log (canReadAudit); else a 403 that says who may. */
export async function getAuditOrganizationOrThrow(db: DbOrTx, who: { userId: number; organizationId: number }): Promise<number> {
  const account = await getAccountOrThrow(db, who);
  if (!canReadAudit(account.role)) throw new AppError("FORBIDDEN", AUDIT_FORBIDDEN);
  return account.organization.id;
}
