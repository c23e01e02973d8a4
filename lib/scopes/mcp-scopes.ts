import { permissionRefusal, type MemberGrant, type Permission } from "@/lib/permissions";
import { V2_SCOPES, type V2Scope } from "./token-scopes";

/**
 * An MCP client's scopes are the v2 token scopes. Each needs a permission of the signed-in
 * member's role (lib/permissions.ts), so a connection never does more than its user may.
 */
export const SCOPE_PERMISSIONS: Record<V2Scope, Permission> = {
  "form.view": "forms.view",
  "form.write": "forms.edit",
  "submission.view": "answers.view",
  "submission.delete": "answers.delete",
  "prefill.read": "forms.view",
  "prefill.write": "links.manage",
  "unique_link.read": "forms.view",
  "unique_link.write": "links.manage",
  "webhook.read": "webhooks.manage",
  "webhook.write": "webhooks.manage",
  "member.view": "members.view",
  "audit.view": "audit.view",
};

const isV2Scope = (s: string): s is V2Scope => (V2_SCOPES as readonly string[]).includes(s);

/** The scopes of `scopes` the member may hold, in the canonical order. */
export const scopesWithinRole = (member: MemberGrant, scopes: readonly string[]): V2Scope[] =>
  V2_SCOPES.filter((s) => scopes.includes(s) && permissionRefusal(member, SCOPE_PERMISSIONS[s]) === null);

/**
 * An MCP authorization request's `scope`: separated by spaces (commas tolerated); none means
 * every scope (the consent then offers what the member's role allows).
 */
export function parseMcpScopeParam(raw: string | undefined): { ok: true; scopes: V2Scope[] } | { ok: false; unknown: string[] } {
  const words = (raw ?? "").split(/[\s,]+/).filter(Boolean);
  if (words.length === 0) return { ok: true, scopes: [...V2_SCOPES] };
  const unknown = words.filter((w) => !isV2Scope(w));
  if (unknown.length) return { ok: false, unknown: [...new Set(unknown)] };
  return { ok: true, scopes: V2_SCOPES.filter((s) => words.includes(s)) };
}
