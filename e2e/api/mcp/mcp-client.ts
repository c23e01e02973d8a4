import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/**
 * The SDK's own client over real HTTP to `/mcp`, with a bearer token and a client address of
 * the test's own. Each call connects anew (the server keeps no sessions); initialize and
 * tools/list are not counted against the token's rate limit, each tools/call is.
 */
export async function connectMcp(token: string | null, clientAddress: string) {
  const headers: Record<string, string> = { "x-forwarded-for": clientAddress };
  if (token) headers.authorization = `Bearer ${token}`;
  const transport = new StreamableHTTPClientTransport(new URL("/mcp", process.env.BASE_URL), { requestInit: { headers } });
  const client = new Client({ name: "formhouse-tests", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

/** One tool call; the client checks structured results against the tool's output schema (it lists the tools first). */
export async function callTool(token: string, clientAddress: string, name: string, args: Record<string, unknown>) {
  const client = await connectMcp(token, clientAddress);
  try {
    await client.listTools();
    return (await client.callTool({ name, arguments: args })) as CallToolResult;
  } finally {
    await client.close();
  }
}

/** The sentence of a tool error (its first text). */
export const errorText = (r: CallToolResult) =>
  r.isError ? (r.content[0] as { text: string }).text : `not an error: ${JSON.stringify(r)}`;

/** A raw JSON-RPC POST, to see the HTTP status and body of what no client would send. */
export async function postRaw(token: string | null, clientAddress: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(new URL("/mcp", process.env.BASE_URL), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "x-forwarded-for": clientAddress,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body,
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** The SDK's client with an OAuth access token (no forwarded address: the test's own). */
export const connectMcpWith = (accessToken: string) =>
  connectMcp(accessToken, `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`);
