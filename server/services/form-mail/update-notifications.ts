import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { formNotifications, type NotificationMode } from "@/db/schema";
import { getAccessibleFormOrThrow, type FormAccess } from "@/server/services/forms/access";

/**
 * What mail `userId` gets about a live form of `access`: each new response, a daily digest, or
 * none (no row). Choosing the digest anew starts its period now, so the first one covers only
 * responses from here on.
 */
export async function updateFormNotifications(
  db: DbOrTx,
  access: FormAccess,
  userId: number,
  ref: string,
  mode: NotificationMode | "none",
): Promise<void> {
  const form = await getAccessibleFormOrThrow(db, access, ref);
  if (mode === "none") {
    await db.delete(formNotifications).where(and(eq(formNotifications.userId, userId), eq(formNotifications.formId, form.id)));
    return;
  }
  await db
    .insert(formNotifications)
    .values({ userId, formId: form.id, mode })
    .onConflictDoUpdate({
      target: [formNotifications.userId, formNotifications.formId],
      set: {
        mode,
        digestThrough: sql`case when ${formNotifications.mode} = excluded.mode then ${formNotifications.digestThrough} else now() end`,
      },
    });
}
