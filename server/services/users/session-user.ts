import "server-only";
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
};
