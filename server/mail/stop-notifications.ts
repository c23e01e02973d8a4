import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { formNotifications, forms, type NotificationMode } from "@/db/schema";
import { readUnsubscribeToken } from "./unsubscribe";

/** What an unsubscribe link's page shows: the form, and the mail its member still gets about it (null: none). */
export type UnsubscribeView = { formName: string | null; mode: NotificationMode | null };

/** The unsubscribe page of `token`, read without changing anything; null for a token this service did not sign. */
export async function findUnsubscribeView(db: Db, token: string): Promise<UnsubscribeView | null> {
  const who = await readUnsubscribeToken(db, token);
  if (!who) return null;
  const [row] = await db
    .select({ formName: forms.name, mode: formNotifications.mode })
    .from(forms)
    .leftJoin(formNotifications, and(eq(formNotifications.formId, forms.id), eq(formNotifications.userId, who.userId)))
    .where(eq(forms.id, who.formId));
  return { formName: row?.formName ?? null, mode: row?.mode ?? null };
}

/**
 * Ends the mail a link's member gets about its form (the page's button, or a mail client's
 * RFC 8058 one-click POST): their form_notifications row goes. False for a token this service
 * did not sign. No session and no same-origin check: the signed link is the authority, and it
 * can only turn mail off.
 */
export async function unsubscribeByToken(db: Db, token: string): Promise<boolean> {
  const who = await readUnsubscribeToken(db, token);
  if (!who) return false;
  await db.delete(formNotifications).where(and(eq(formNotifications.userId, who.userId), eq(formNotifications.formId, who.formId)));
  return true;
}
