/**
 * How common MCP clients are pointed at Formhouse's MCP endpoint: one place for the dashboard's
 * "Use with an assistant" and the /docs page. `token` null: the client signs in with OAuth
 * (it finds the authorization server from the endpoint's 401); else a v2 API token as Bearer.
 */
export const TOKEN_PLACEHOLDER = "fh_v2_…";

export type McpClientConfig = { id: string; client: string; where: string; text: string };

export function mcpClientConfigs(url: string, token: string | null): McpClientConfig[] {
  const headers = token === null ? {} : { headers: { Authorization: `Bearer ${token}` } };
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return [
    {
      id: "claude-code",
      client: "Claude Code",
      where: "Run in a terminal",
      text: `claude mcp add --transport http formhouse ${url}` + (token === null ? "" : ` --header "Authorization: Bearer ${token}"`),
    },
    {
      id: "claude-desktop",
      client: "Claude Desktop and claude.ai",
      where: "Settings → Connectors → Add custom connector: paste the URL (it signs in with OAuth)",
      text: url,
    },
    {
      id: "cursor",
      client: "Cursor, Windsurf and other clients with an mcpServers file",
      where: "mcp.json",
      text: json({ mcpServers: { formhouse: { url, ...headers } } }),
    },
    {
      id: "vscode",
      client: "VS Code",
      where: ".vscode/mcp.json",
      text: json({ servers: { formhouse: { type: "http", url, ...headers } } }),
    },
  ];
}
