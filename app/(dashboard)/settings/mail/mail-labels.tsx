import type { MailKind, MailStatus } from "@/db/schema";

/** Why a message was sent, in words. */
export const KIND_LABELS: Record<MailKind, string> = {
  password_reset: "Password reset",
  email_change: "Email change",
  email_changed: "Email changed",
  notification: "New response",
  digest: "Daily digest",
  receipt: "Receipt",
  test: "Test message",
  invitation: "Invitation",
  resume_link: "Link to continue",
};

/** A message's status in words, with its badge; the order of the status filter. */
export const STATUS_LABELS: Record<MailStatus, { label: string; badge: string }> = {
  sent: { label: "Sent", badge: "badge-success" },
  pending: { label: "Pending", badge: "badge-info" },
  failed: { label: "Failed", badge: "badge-danger" },
  unsent: { label: "Not sent", badge: "badge-neutral" },
  capped: { label: "Capped", badge: "badge-neutral" },
};

export const isMailStatus = (v: string | null): v is MailStatus => v !== null && Object.hasOwn(STATUS_LABELS, v);

export function MailStatusBadge({ status }: { status: MailStatus }) {
  return <span className={`badge ${STATUS_LABELS[status].badge}`}>{STATUS_LABELS[status].label}</span>;
}
