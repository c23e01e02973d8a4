import type { z } from "zod";
import type { TokenSummary } from "@/server/services/tokens/dashboard-tokens";
import type { ZTokenSummary } from "./inputs";

export const toTokenSummary = (t: TokenSummary): z.infer<typeof ZTokenSummary> => ({
  ...t,
  createdAt: t.createdAt.toISOString(),
  lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
});
