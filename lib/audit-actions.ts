/**
 * The audit log's actions: the one list, with the words the dashboard's filter and the API
 * reference use. A row's `action` is always one of these (server/audit/record.ts).
 */
export const AUDIT_ACTIONS = {
  "user.signed_in": "Signed in",
  "user.sign_in_failed": "Failed to sign in",
  "user.signed_out": "Signed out",
  "user.password_changed": "Changed their password",
  "user.password_reset": "Reset their password",
  "user.email_change_requested": "Asked to change their email address",
  "user.email_changed": "Changed their email address",
  "member.invited": "Invited a member",
  "member.invitation_resent": "Sent an invitation again",
  "member.invitation_revoked": "Revoked an invitation",
  "member.joined": "Joined the organization",
  "member.role_changed": "Changed a member's role",
  "member.forms_changed": "Changed the forms a member reaches",
  "member.removed": "Removed a member",
  "member.left": "Left the organization",
  "member.ownership_transferred": "Transferred ownership",
  "token.created": "Created an API token",
  "token.revoked": "Revoked an API token",
  "webhook.created": "Added a webhook",
  "webhook.updated": "Changed a webhook",
  "webhook.deleted": "Deleted a webhook",
  "webhook.secret_rotated": "Rotated a webhook's signing secret",
  "webhook.delivery_retried": "Sent a webhook delivery again",
  "webhook.tested": "Sent a webhook test event",
  "connected_app.revoked": "Disconnected an app",
  "form.created": "Created a form",
  "form.draft_saved": "Changed a form's draft",
  "form.published": "Published a form",
  "form.unpublished": "Unpublished a form",
  "form.trashed": "Moved a form to the trash",
  "form.restored": "Restored a form from the trash",
  "submission.updated": "Edited a submission",
  "submission.deleted": "Deleted submissions",
  "submission.exported": "Exported submissions as CSV",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export const isAuditAction = (s: unknown): s is AuditAction => typeof s === "string" && Object.hasOwn(AUDIT_ACTIONS, s);

/** Who can act, in the words the log shows. */
export const AUDIT_ACTOR_LABELS = { user: "Member", api_token: "API token", oauth_client: "Connected app", system: "Formhouse" } as const;

export type AuditActorKind = keyof typeof AUDIT_ACTOR_LABELS;

/** An actor as one filter value, `<type>:<id>` (`user:12`, `api_token:3`, `oauth_client:2`), or `system`. */
export const auditActorKey = (actor: { type: AuditActorKind; id: string | null }) =>
  actor.id === null ? actor.type : `${actor.type}:${actor.id}`;

/** The actor a filter value names; null when it names none. */
export function parseAuditActorKey(key: string): { type: AuditActorKind; id: string | null } | null {
  if (key === "system") return { type: "system", id: null };
  const m = /^(user|api_token|oauth_client):([1-9][0-9]{0,9})$/.exec(key);
  return m ? { type: m[1] as AuditActorKind, id: m[2]! } : null;
}
