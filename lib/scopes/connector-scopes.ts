import { CONNECTOR_SCOPES, type ConnectorScope } from "@/lib/scopes/token-scopes";

/** What each connector scope lets a client do, in the words the consent page uses. */
export const SCOPE_DESCRIPTIONS: Record<ConnectorScope, string> = {
  "profile:read": "See your name and email address",
  "forms:read": "See the list of your organization's forms",
  "submission:read": "Receive new submissions to your organization's forms",
};

export const isConnectorScope = (s: string): s is ConnectorScope => (CONNECTOR_SCOPES as readonly string[]).includes(s);

/**
 * A `scope` parameter: separated by spaces (RFC 6749 §3.3), commas tolerated (Make joins
 * scopes with commas). No scope at all means every connector scope. Returned in the
 * canonical order, without duplicates.
 */
export function parseScopeParam(raw: string | undefined): { ok: true; scopes: ConnectorScope[] } | { ok: false; unknown: string[] } {
  const words = (raw ?? "").split(/[\s,]+/).filter(Boolean);
  if (words.length === 0) return { ok: true, scopes: [...CONNECTOR_SCOPES] };
  const unknown = words.filter((w) => !isConnectorScope(w));
  if (unknown.length) return { ok: false, unknown: [...new Set(unknown)] };
  return { ok: true, scopes: CONNECTOR_SCOPES.filter((s) => words.includes(s)) };
}

/** The `scope` value of a token response: space-separated. */
export const formatScopes = (scopes: readonly string[]) => scopes.join(" ");
