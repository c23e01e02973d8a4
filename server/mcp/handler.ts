import "server-only";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { db } from "@/db";
import { mcpCallers } from "./callers";
import { mcpChallenge, mcpCredential } from "./credential";
import { buildMcpServer } from "./server";

/** The largest JSON-RPC body /mcp reads; a bigger one is a 413 JSON-RPC error, before any parsing. */
export const MCP_MAX_BODY_BYTES = 1_000_000;

const rpcError = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status, headers });

/**
 * `/mcp`, Streamable HTTP without sessions: every POST gets a new server and transport, answered
 * in JSON, so any instance answers any request. GET (a stream for server-initiated messages) and
 * DELETE (ending a session) have nothing to do here: 405. The bearer must be a live v2 token
 * or MCP access token, else 401 (with where to get one) before anything is read.
 */
export async function handleMcpRequest(request: Request): Promise<Response> {
  if (request.method !== "POST") {
    return rpcError(405, -32000, "Method not allowed: this server keeps no sessions; POST JSON-RPC messages", { Allow: "POST" });
  }
  const credential = await mcpCredential(db(), request.headers.get("authorization"));
  if (!credential) {
    return rpcError(401, -32001, "Sign in with OAuth or send a v2 API token: Authorization: Bearer fh_v2_…", {
      "WWW-Authenticate": mcpChallenge(),
    });
  }
  const server = buildMcpServer(mcpCallers(credential, request.headers));
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MCP_MAX_BODY_BYTES,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
