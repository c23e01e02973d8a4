import { z } from "zod";
import { V1_SCOPES, V2_SCOPES } from "@/server/services/tokens/scopes";
import { ZDashboardFormRef } from "../inputs";

export const ZTokenName = z
  .string({ error: "name is required" })
  .trim()
  .min(1, { error: "Give the token a name, e.g. the integration that uses it" })
  .max(100, { error: "name must be at most 100 characters" })
  .describe("What the token is for");

export const ZV2Scopes = z
  .array(z.enum(V2_SCOPES, { error: "Unknown scope" }))
  .min(1, { error: "Choose at least one scope" })
  .describe("What the token may do");

export const ZV1Scopes = z
  .array(z.enum(V1_SCOPES, { error: "Unknown scope" }))
  .min(1, { error: "Choose at least one scope" })
  .describe("What the token may do with its form");

export const ZTokenSummary = z.object({
  id: z.number().int(),
  kind: z.enum(["v1", "v2"]),
  name: z.string(),
  prefix: z.string().describe("First characters, to recognise the token; never the token"),
  scopes: z.array(z.string()),
  forms: z.array(z.object({ uuid: z.string(), name: z.string() })).nullable().describe("null: every form of the organization"),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  usageCount: z.number().int(),
});

export const ZIssuedToken = z.object({ id: z.number().int(), token: z.string().describe("The token, shown this once") });

export { ZDashboardFormRef };
