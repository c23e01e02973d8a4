import "server-only";
import { z } from "zod";
import type { ConnectedApp } from "./list-connected-apps";

/** An OAuth connection as the dashboard lists it. */
export const ZConnectedApp = z.object({
  id: z.number().int().describe("Grant id, for revoke"),
  clientName: z.string().describe("The application, as the operator (or, self-registered, the app itself) named it"),
  selfRegistered: z.boolean().describe("The app registered itself (an MCP client): its name is unverified"),
  kind: z.enum(["connector", "mcp"]).describe("connector: an automation platform; mcp: an assistant on the MCP endpoint"),
  scopes: z.array(z.string()).describe("What it may do: profile:read, forms:read, submission:read; for an assistant the v2 token scopes"),
  connectedBy: z.object({ email: z.string(), name: z.string() }).describe("The user who allowed it"),
  createdAt: z.string().describe("Connected since, ISO 8601"),
  lastUsedAt: z.string().nullable().describe("Last API call or token refresh, ISO 8601 (to the minute)"),
});

export const toConnectedApp = (app: ConnectedApp): z.infer<typeof ZConnectedApp> => ({
  ...app,
  createdAt: app.createdAt.toISOString(),
  lastUsedAt: app.lastUsedAt?.toISOString() ?? null,
});
