import "server-only";
import type { McpTool } from "../tool";
import { createFormTool, publishFormTool, updateFormDraftTool } from "./builder";
import { formSummaryTool, getFormTool, listFormsTool } from "./forms";
import { createPrefillTool, createUniqueLinksTool } from "./links";
import { deleteSubmissionTool, getSubmissionTool, querySubmissionsTool } from "./submissions";

/** The MCP server's tools, in the order tools/list answers them: reads first. */
export const MCP_TOOLS: readonly McpTool[] = [
  listFormsTool,
  getFormTool,
  querySubmissionsTool,
  getSubmissionTool,
  formSummaryTool,
  deleteSubmissionTool,
  createPrefillTool,
  createUniqueLinksTool,
  createFormTool,
  updateFormDraftTool,
  publishFormTool,
];
