import "server-only";
import type { DbOrTx } from "@/db";
import { AppError } from "@/lib/errors";
import { permissionRefusal } from "@/lib/permissions";
import { getAccountOrThrow } from "@/server/services/users/get-account";

/** A member allowed to manage their organization's mail, with the address a test message goes to. */
export type MailManager = { userId: number; organizationId: number; email: string };

/** The signed-in member if their role may manage mail (lib/permissions.ts); else a 403 that says who may. */
export async function getMailManagerOrThrow(db: DbOrTx, who: { userId: number; organizationId: number }): Promise<MailManager> {
  const account = await getAccountOrThrow(db, who);
  const refusal = permissionRefusal({ role: account.role, formIds: null }, "mail.manage");
  if (refusal) throw new AppError("FORBIDDEN", refusal);
  return { userId: account.userId, organizationId: account.organization.id, email: account.email };
}
