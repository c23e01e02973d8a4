import "server-only";
import { sql } from "drizzle-orm";
import type { AuditMetadata, AuditTarget } from "./record";

/**
 * The audit log's names for the objects of actions, in one place. A webhook is named by its
 * URL's host only: a URL's path or query may carry a receiver's secret.
 */
export const webhookTarget = (webhook: { id: number; url?: string }): AuditTarget => ({
  type: "webhook",
  id: webhook.id,
  label: webhook.url === undefined ? sql`select ${webhookHostSql} from webhooks where id = ${webhook.id}` : urlHost(webhook.url),
});

const webhookHostSql = sql.raw(`substring(url from '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#]+)')`);

/** The host (and port) of a URL; the URL's first characters when it is not one. */
export function urlHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url.slice(0, 40);
  }
}

export const formTarget = (form: { uuid: string; name: string }): AuditTarget => ({ type: "form", id: form.uuid, label: form.name });

export const submissionTarget = (submission: { id: string | number }, form?: { name: string }): AuditTarget => ({
  type: "submission",
  id: submission.id,
  label: form ? form.name : null,
});

export const tokenTarget = (token: { id: number; name: string }): AuditTarget => ({ type: "api_token", id: token.id, label: token.name });

export const userTarget = (user: { userId: number; email: string }): AuditTarget => ({ type: "user", id: user.userId, label: user.email });

/** A member by their user id, named by their email as the row is written. */
export const memberTarget = (userId: number): AuditTarget => ({
  type: "user",
  id: userId,
  label: sql`select email from users where id = ${userId}`,
});

/** An invitation, named by the address it invites. */
export const invitationTarget = (invitation: { id: number; email: string }): AuditTarget => ({
  type: "invitation",
  id: invitation.id,
  label: invitation.email,
});

/** A webhook's form and events (its URL is in the target's host only). */
export const webhookAuditMetadata = (formRef: string | number, webhook: { events: string[]; enabled: boolean }): AuditMetadata => ({
  form: formRef,
  events: webhook.events,
  enabled: webhook.enabled,
});

/** Which of a webhook's settings a change named, and the settings after it. */
export const webhookChangeMetadata = (
  formRef: string,
  webhook: { events: string[]; enabled: boolean },
  changes: { url?: string; events?: string[]; enabled?: boolean },
): AuditMetadata => ({
  ...webhookAuditMetadata(formRef, webhook),
  changed: Object.entries(changes).flatMap(([key, value]) => (value === undefined ? [] : [key])),
});

/** A delivery by its id and event (never its payload, which holds answers). */
export const deliveryMetadata = (delivery: { id: string; eventType: string; status: string }): AuditMetadata => ({
  delivery: delivery.id,
  event: delivery.eventType,
  status: delivery.status,
});
