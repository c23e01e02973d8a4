import "server-only";
import type { DbOrTx } from "@/db";
import { AppError } from "@/lib/errors";
import { canManageMail } from "@/lib/organization-roles";
import { getAccountOrThrow } from "@/server/services/users/get-account";

/** A member allowed to manage their organization's mail, with the address a test message goes to. */
export type MailManager = { userId: number; organizationId: number; email: string };

/** The signed-in member if their role may manage mail (canManageMail); else a 403 that says who may. */
export async function getMailManagerOrThrow(db: DbOrTx, who: { userId: number; organizationId: number }): Promise<MailManager> {
  const account = await getAccountOrThrow(db, who);
  if (!canManageMail(account.role)) throw new AppError("FORBIDDEN", "Only an owner can manage the organization's mail");
  return { userId: account.userId, organizationId: account.organization.id, email: account.email };
}
