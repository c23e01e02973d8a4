/** Scopes of API tokens: one list, used by token creation, the API check and the dashboard. */
export const V2_SCOPES = [
  "form.view",
  "form.write",
  "submission.view",
  "submission.delete",
  "prefill.read",
  "prefill.write",
  "unique_link.read",
  "unique_link.write",
  "webhook.read",
  "webhook.write",
  "member.view",
  "audit.view",
] as const;
export const V1_SCOPES = ["form.view", "submission.view", "submission.delete"] as const;

export type V2Scope = (typeof V2_SCOPES)[number];
export type V1Scope = (typeof V1_SCOPES)[number];
export type ApiScope = V2Scope;

export const CONNECTOR_SCOPES = ["profile:read", "forms:read", "submission:read"] as const;
export type ConnectorScope = (typeof CONNECTOR_SCOPES)[number];

/** What each API scope lets an integration do, in the words the dashboard shows beside it. */
export const API_SCOPE_DESCRIPTIONS: Record<V2Scope, string> = {
  "form.view": "See forms: their names, settings and fields",
  "form.write": "Create forms, change their drafts and publish them (the MCP tools create_form, update_form_draft, publish_form)",
  "submission.view": "Read submissions and their answers",
  "submission.delete": "Delete submissions",
  "prefill.read": "See prefills and their links",
  "prefill.write": "Create and delete prefills",
  "unique_link.read": "See unique links and their status",
  "unique_link.write": "Create, change and delete unique links",
  "webhook.read": "See webhooks and their delivery log",
  "webhook.write": "Add, change and delete webhooks, and retry deliveries",
  "member.view": "See the organization's members: names, emails, roles and form restrictions",
  "audit.view": "Read the organization's audit log: who did what, when and from where",
};
