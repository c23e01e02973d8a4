import type { Membership } from "@/db/schema";

/**
 * What a member's role lets them do in their organization, one function per permission, so
 * the dashboard (which links it shows) and the server (which calls it answers) ask the same
 * question, and a new role is added here alone.
 */
export type OrganizationRole = Membership["role"];

/** Settings → Mail: the transport, test messages and the organization's mail log with Resend. */
export function canManageMail(role: OrganizationRole): boolean {
  return role === "owner";
}

/** Settings → Audit log: who did what in the organization (the dashboard page and its CSV). */
export function canReadAudit(role: OrganizationRole): boolean {
  return role === "owner" || (role as string) === "admin";
}
