import "server-only";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { db } from "@/db";
import { responseSecurityHeaders } from "@/server/http/security-headers";
import { mcpCallers } from "./callers";
import { isLiveMcpCredential, mcpBearer, mcpChallenge, type McpCredential } from "./credential";
import { buildMcpServer } from "./server";

/** The largest JSON-RPC body /mcp reads; a bigger one is a 413 JSON-RPC error, before any parsing. */
export const MCP_MAX_BODY_BYTES = 1_000_000;

const rpcError = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status, headers });

const unauthorized = () =>
  rpcError(401, -32001, "Sign in with OAuth or send a v2 API token: Authorization: Bearer fh_v2_…", {
    "WWW-Authenticate": mcpChallenge(),
  });

/**
 * `/mcp`, Streamable HTTP without sessions: every POST gets a new server and transport, answered
 * in JSON, so any instance answers any request. GET (a stream for server-initiated messages) and
 * DELETE (ending a session) have nothing to do here: 405. The bearer must be a live v2 token
 * or MCP access token, else 401 (with where to get one).
 */
export async function handleMcpRequest(request: Request): Promise<Response> {
  const response = await answer(request);
  // The request hook skips /mcp (proxy.ts: it would copy every POST's body), so the headers are set here.
  for (const [name, value] of Object.entries(responseSecurityHeaders("/mcp"))) response.headers.set(name, value);
  return response;
}

async function answer(request: Request): Promise<Response> {
  if (request.method !== "POST") {
    return rpcError(405, -32000, "Method not allowed: this server keeps no sessions; POST JSON-RPC messages", { Allow: "POST" });
  }
  const credential = mcpBearer(request.headers.get("authorization"));
  if (!credential) return unauthorized();
  const proof = livenessProof(credential);
  const response = await serve(request, credential, proof).catch(async (error: unknown) => {
    await proof.settled();
    throw error;
  });
  return (await proof.live()) ? response : unauthorized();
}

/**
 * Whether the bearer is live, asked as cheaply as the message allows. A tool call whose
 * procedure succeeded proved it (each procedure checks the token before it reads or writes, and
 * counts it), so the commonest message costs no extra round trip. Any other message (initialize,
 * tools/list, a notification) starts the question as soon as the transport hands it over, beside
 * the work; an answer that proved nothing (an error, an early refusal) asks it at the end. A dead
 * bearer's answer is thrown away for the 401.
 */
function livenessProof(credential: McpCredential) {
  let proved = false;
  let asked: Promise<boolean> | undefined;
  const ask = () => {
    if (!asked) {
      asked = isLiveMcpCredential(db(), credential);
      // Awaited by live() or settled(); this keeps a failure meanwhile from going unhandled.
      asked.catch(() => {});
    }
    return asked;
  };
  return {
    ran: () => void (proved = true),
    ask,
    live: async () => proved || ask(),
    settled: () => (asked ?? Promise.resolve(false)).catch(() => false),
  };
}

/**
 * The SDK's server and transport for one request. Neither is closed: in JSON mode nothing of
 * theirs outlives the answer (no stream, no timer), and closing only makes the protocol build
 * "Connection closed" errors for requests that are already answered.
 */
async function serve(request: Request, credential: McpCredential, proof: ReturnType<typeof livenessProof>): Promise<Response> {
  const server = buildMcpServer(mcpCallers(credential, request.headers), proof.ran);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MCP_MAX_BODY_BYTES,
  });
  await server.connect(transport);
  const deliver = transport.onmessage!;
  transport.onmessage = (message, extra) => {
    if (!("method" in message) || message.method !== "tools/call") void proof.ask();
    deliver(message, extra);
  };
  return transport.handleRequest(request);
}
