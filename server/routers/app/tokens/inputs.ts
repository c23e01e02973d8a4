import "server-only";
import { z } from "zod";
import { V1_SCOPES, V2_SCOPES } from "@/lib/scopes/token-scopes";

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
