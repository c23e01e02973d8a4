import { relations } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, timestamptz } from "./columns";
import { organizations, users } from "./organizations";

/*
 * The OAuth 2.0 authorization server of the connector (server/oauth/). Every secret — client
 * secret, code, access and refresh token — is stored as a SHA-256 of the value only.
 */

/** Clients (an automation platform), registered by the operator with the admin CLI. */
export const oauthClients = pgTable("oauth_clients", {
  id: serial("id").primaryKey(),
  /** Public identifier the platform sends as `client_id`. */
  clientId: text("client_id").notNull().unique(),
  /** null: a public client, which has no secret and must use PKCE. */
  clientSecretHash: text("client_secret_hash"),
  name: text("name").notNull(),
  /** Compared by exact string match (RFC 9700 §4.1.3). */
  redirectUris: text("redirect_uris").array().notNull(),
  /** Set when the client registered itself (RFC 7591, an MCP client): unverified, the consent page says so. */
  registeredAt: timestamptz("registered_at"),
  createdAt: createdAt(),
});

/**
 * One connection: a user allowed a client to act for one organization (a "connected app").
 * Every token descends from a grant; revoking the grant stops them all at once. Whatever else
 * a connection creates (e.g. connector webhook subscriptions) should reference its grant.
 */
export const oauthGrants = pgTable(
  "oauth_grants",
  {
    id: serial("id").primaryKey(),
    clientId: belongsTo("client_id", () => oauthClients.id),
    userId: belongsTo("user_id", () => users.id),
    organizationId: belongsTo("organization_id", () => organizations.id),
    scopes: text("scopes").array().notNull(),
    /** The resource its tokens are for (RFC 8707): null the connector, else the MCP endpoint's URL. */
    resource: text("resource"),
    lastUsedAt: timestamptz("last_used_at"),
    revokedAt: timestamptz("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("oauth_grants_org_idx").on(t.organizationId, t.createdAt.desc())],
);

/** Single-use authorization codes, valid for a few minutes. */
export const oauthAuthorizationCodes = pgTable(
  "oauth_authorization_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    clientId: belongsTo("client_id", () => oauthClients.id),
    userId: belongsTo("user_id", () => users.id),
    organizationId: belongsTo("organization_id", () => organizations.id),
    scopes: text("scopes").array().notNull(),
    redirectUri: text("redirect_uri").notNull(),
    /** The authorize request named `redirect_uri`, so the token request must repeat it (RFC 6749 §4.1.3). */
    redirectUriSent: boolean("redirect_uri_sent").notNull(),
    /** PKCE S256 challenge; null when the client sent none (confidential clients only). */
    codeChallenge: text("code_challenge"),
    /** The authorization request's `resource` (RFC 8707): null the connector, else the MCP endpoint's URL. */
    resource: text("resource"),
    /** The grant the code was exchanged for: a second use of the code revokes it. */
    grantId: integer("grant_id").references(() => oauthGrants.id, { onDelete: "cascade" }),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("oauth_codes_expires_idx").on(t.expiresAt)],
);

/** Access + refresh token pairs of a grant; a refresh rotates to a new pair. */
export const oauthTokens = pgTable(
  "oauth_tokens",
  {
    id: serial("id").primaryKey(),
    grantId: belongsTo("grant_id", () => oauthGrants.id),
    /** Scopes of the access token (a refresh may narrow them; the grant's are the ceiling). */
    scopes: text("scopes").array().notNull(),
    accessTokenHash: text("access_token_hash").notNull().unique(),
    refreshTokenHash: text("refresh_token_hash").notNull().unique(),
    accessExpiresAt: timestamptz("access_expires_at").notNull(),
    /** First exchange of the refresh token; it keeps working for the grace window after it. */
    rotatedAt: timestamptz("rotated_at"),
    createdAt: createdAt(),
  },
  (t) => [index("oauth_tokens_grant_idx").on(t.grantId)],
);

export const oauthGrantsRelations = relations(oauthGrants, ({ one, many }) => ({
  client: one(oauthClients, { fields: [oauthGrants.clientId], references: [oauthClients.id] }),
  user: one(users, { fields: [oauthGrants.userId], references: [users.id] }),
  organization: one(organizations, { fields: [oauthGrants.organizationId], references: [organizations.id] }),
  tokens: many(oauthTokens),
}));
export const oauthTokensRelations = relations(oauthTokens, ({ one }) => ({
  grant: one(oauthGrants, { fields: [oauthTokens.grantId], references: [oauthGrants.id] }),
}));

export type OauthClient = typeof oauthClients.$inferSelect;
export type OauthGrant = typeof oauthGrants.$inferSelect;
export type OauthAuthorizationCode = typeof oauthAuthorizationCodes.$inferSelect;
export type OauthToken = typeof oauthTokens.$inferSelect;
