import "server-only";
import { router } from "@/server/trpc";
import { mcpCreateFormRoute } from "./forms/create-form";
import { mcpFormSummaryRoute } from "./forms/form-summary";
import { mcpPublishFormRoute } from "./forms/publish-form";
import { mcpUpdateFormDraftRoute } from "./forms/update-form-draft";

/**
 * The procedures only the MCP tools call (server/mcp/): the dashboard's form summary and builder
 * steps for a v2 token, over the dashboard's services. The tools' reads and other writes are
 * the v2 procedures themselves.
 */
export const mcpRouter = router({
  forms: router({
    summary: mcpFormSummaryRoute,
    create: mcpCreateFormRoute,
    updateDraft: mcpUpdateFormDraftRoute,
    publish: mcpPublishFormRoute,
  }),
});
