import "server-only";
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { McpCallers } from "./callers";

/**
 * One MCP tool: its schemas (zod, sent as JSON Schema), its hints, and `run`, which calls one
 * procedure through the token's callers. A tool holds no rule of its own: scopes, forms, limits,
 * checks and error sentences are the procedure's.
 */
export type McpTool<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> = {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  run: (callers: McpCallers, args: z.output<I>) => Promise<z.input<O>>;
};

/** Typed at the definition, stored untyped in the list. */
export const defineTool = <I extends z.ZodType, O extends z.ZodType>(tool: McpTool<I, O>): McpTool => tool as unknown as McpTool;

/** The page after `page` of a v2 list, or null on the last one: what a capped result tells the assistant to ask for next. */
export const nextPageOf = (page: number, perPage: number, total: number): number | null => (page * perPage < total ? page + 1 : null);

/** Read tools: no change, safe to repeat. */
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
