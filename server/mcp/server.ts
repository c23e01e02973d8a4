import "server-only";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv-provider.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { logError } from "@/server/log";
import { shapeError, validationMessage } from "@/server/rest/errors";
import type { McpCallers } from "./callers";
import type { McpTool } from "./tool";
import { MCP_TOOLS } from "./tools";

const INSTRUCTIONS =
  "Formhouse forms and their responses. Start with list_forms, then get_form to learn a form's element ids and labels, " +
  "which query_submissions filters and get_submission answers use. Lists are paged (20 a page): ask for nextPage when " +
  "more is needed. Writes need the matching scope; ask the user before delete_submission.";

const jsonSchema = (schema: z.ZodType, io: "input" | "output") => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  return rest as Tool["inputSchema"];
};

/** tools/list's answer: built once, the same for every request. */
const toolList: Tool[] = MCP_TOOLS.map((t) => ({
  name: t.name,
  title: t.title,
  description: t.description,
  inputSchema: jsonSchema(t.input, "input"),
  outputSchema: jsonSchema(t.output, "output") as Tool["outputSchema"],
  annotations: { title: t.title, ...t.annotations },
}));
const toolsByName = new Map(MCP_TOOLS.map((t) => [t.name, t]));

const toolError = (text: string, extra?: Record<string, unknown>): CallToolResult => ({
  isError: true,
  content: [{ type: "text", text }, ...(extra ? [{ type: "text" as const, text: JSON.stringify(extra) }] : [])],
});

/**
 * One call: the arguments checked by the tool's schema, then its procedure. A refusal (scope,
 * form, rate limit, a bad filter…) is a tool error carrying the API's sentence, its other keys
 * (e.g. `field`) and Retry-After beside it; an unexpected failure says only "Internal server error".
 */
async function callTool(tool: McpTool, callers: McpCallers, args: unknown, ran: () => void): Promise<CallToolResult> {
  const parsed = tool.input.safeParse(args ?? {});
  if (!parsed.success) return toolError(validationMessage(parsed.error.issues));
  try {
    const result = (await tool.run(callers, parsed.data)) as Record<string, unknown>;
    ran();
    return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
  } catch (error) {
    const shaped = shapeError(error, "message", (e) => logError("mcp tool failed", e, { tool: tool.name }));
    const { message, ...rest } = shaped.body;
    const retryAfter = shaped.headers["Retry-After"];
    const extra = { ...rest, ...(retryAfter ? { retryAfterSeconds: Number(retryAfter) } : {}) };
    return toolError(String(message), Object.keys(extra).length ? extra : undefined);
  }
}

/**
 * The JSON Schema validator every server would otherwise build for itself (a new Ajv, about a
 * third of a call's own CPU); it serves only elicitation, which these servers never ask for.
 */
let validator: AjvJsonSchemaValidator | undefined;
const sharedValidator = () => (validator ??= new AjvJsonSchemaValidator());

/**
 * A server for one HTTP request (the endpoint is stateless): tools/list and tools/call over the
 * token's callers. An unknown tool is a protocol error (-32602), as the protocol says. `ran` is
 * told when a tool's procedure succeeded, which proves the token live (the procedure checked it).
 */
export function buildMcpServer(callers: McpCallers, ran: () => void = () => {}): Server {
  const server = new Server(
    { name: "formhouse", version: "1.0.0" },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: sharedValidator() },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolList }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const tool = toolsByName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name.slice(0, 100)}`);
    return callTool(tool, callers, request.params.arguments, ran);
  });
  return server;
}
