/** The signed-in dashboard user, as the session cookie carries it. */
export type SessionUser = { userId: number; organizationId: number; email: string; name: string };
