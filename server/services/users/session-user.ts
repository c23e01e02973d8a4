import "server-only";
import type { MemberGrant } from "@/lib/permissions";

/** The signed-in dashboard user, as the session cookie carries it. */
export type SessionUser = {
  userId: number;
  organizationId: number;
  email: string;
  name: string;
  /**
   * The server-side session (`user_sessions` row) of the request, where the request was read
   * by a route handler (tRPC): a password change keeps this one and ends the others.
   */
  sessionId?: string;
  /**
   * The user's role and form restriction in `organizationId`, as read with the session's row on
   * this request (server/auth/sessions.ts), null when they are no longer a member; absent, the
   * dashboard's builder reads it itself.
   */
  member?: MemberGrant | null;
};
