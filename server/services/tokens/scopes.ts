/** Scopes of spec §5.1: one list, used by token creation, the API check and the dashboard. */
export const V2_SCOPES = [
  "form.view",
  "submission.view",
  "submission.delete",
  "prefill.read",
  "prefill.write",
  "unique_link.read",
  "unique_link.write",
  "webhook.read",
  "webhook.write",
] as const;
export const V1_SCOPES = ["form.view", "submission.view", "submission.delete"] as const;

export type V2Scope = (typeof V2_SCOPES)[number];
export type V1Scope = (typeof V1_SCOPES)[number];
export type ApiScope = V2Scope;

export const CONNECTOR_SCOPES = ["profile:read", "forms:read", "submission:read"] as const;
export type ConnectorScope = (typeof CONNECTOR_SCOPES)[number];
