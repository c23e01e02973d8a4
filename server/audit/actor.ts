import "server-only";
import type { ApiPrincipal } from "@/server/auth/api-token-auth";
import { env } from "@/server/env";
import { clientIp } from "@/server/http/client-address";
import type { ConnectorGrant } from "@/server/oauth/bearer";
import type { SessionUser } from "@/server/services/users/session-user";
import type { AuditActor } from "./record";

/** A user agent is kept to this many characters: enough to tell browsers and clients apart. */
export const USER_AGENT_MAX = 300;

/** Where a request came from: the client address the rate limits use (TRUST_PROXY), and its user agent. */
export function requestOrigin(headers: Headers): Pick<AuditActor, "ip" | "userAgent"> {
  const agent = headers.get("user-agent");
  return { ip: clientIp(headers, env().TRUST_PROXY), userAgent: agent ? agent.slice(0, USER_AGENT_MAX) : null };
}

/** A signed-in user (or one who just proved their password) acting in `organizationId`. */
export function userActor(headers: Headers, user: { userId: number; email: string; organizationId: number }): AuditActor {
  return { organizationId: user.organizationId, type: "user", id: String(user.userId), label: user.email, ...requestOrigin(headers) };
}

/** What a procedure's builder put on the context: one of a session, a token principal or a connector grant. */
export type AuditableContext = {
  headers: Headers;
  session?: SessionUser;
  principal?: ApiPrincipal;
  grant?: ConnectorGrant;
};

/**
 * The actor of a procedure's request: the session's user (dashboard), the API token (v1, v2;
 * its name is read in the insert) or the connector's OAuth client, in the organization the
 * builder authenticated.
 */
export function auditActorFrom(ctx: AuditableContext): AuditActor {
  if (ctx.session) return userActor(ctx.headers, ctx.session);
  if (ctx.principal?.oauthClientId !== undefined) {
    const p = ctx.principal;
    return {
      organizationId: p.organizationId,
      type: "oauth_client",
      id: String(p.oauthClientId),
      label: null,
      ...requestOrigin(ctx.headers),
    };
  }
  if (ctx.principal) {
    const p = ctx.principal;
    return { organizationId: p.organizationId, type: "api_token", id: String(p.tokenId), label: null, ...requestOrigin(ctx.headers) };
  }
  if (ctx.grant) {
    const g = ctx.grant;
    return { organizationId: g.organizationId, type: "oauth_client", id: String(g.clientId), label: null, ...requestOrigin(ctx.headers) };
  }
  throw new Error("auditActorFrom: the procedure's builder authenticated no one");
}

/** The service itself acting for an operator (the admin CLI), in `organizationId`. */
export const systemActor = (organizationId: number, label: string): AuditActor => ({
  organizationId,
  type: "system",
  id: null,
  label,
  ip: null,
  userAgent: null,
});
