import "server-only";
import { z } from "zod";
import type { TokenSummary } from "./dashboard-tokens";

/** An API token as the dashboard lists it: never the token itself, nor its hash. */
export const ZTokenSummary = z.object({
  id: z.number().int(),
  kind: z.enum(["v1", "v2"]),
  name: z.string(),
  prefix: z.string().describe("First characters, to recognise the token; never the token"),
  scopes: z.array(z.string()),
  forms: z
    .array(z.object({ uuid: z.string(), name: z.string() }))
    .nullable()
    .describe("null: every form of the organization"),
  createdAt: z.string(),
  createdBy: z
    .object({ name: z.string(), email: z.string() })
    .nullable()
    .describe("The member who created it; null when made from the admin CLI or by an account since deleted"),
  lastUsedAt: z.string().nullable(),
  usageCount: z.number().int(),
});

export const toTokenSummary = (t: TokenSummary): z.infer<typeof ZTokenSummary> => ({
  ...t,
  createdAt: t.createdAt.toISOString(),
  lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
});

/** A token just minted: the plaintext, shown this once. */
export const ZIssuedToken = z.object({ id: z.number().int(), token: z.string().describe("The token, shown this once") });
