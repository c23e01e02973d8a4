import { mcpClientConfigs, TOKEN_PLACEHOLDER } from "@/lib/mcp-clients";
import { MCP_TOOLS } from "@/server/mcp/tools";
import { mcpResourceMetadataUrl, mcpUrl } from "@/server/urls";

/** The MCP server's part of /docs: the URL, signing in, each client's configuration, the tools. */
export function McpSection() {
  const url = mcpUrl();
  const challenge = `WWW-Authenticate: Bearer resource_metadata="${mcpResourceMetadataUrl()}"`;
  return (
    <section id="mcp">
      <h1>MCP server (assistants)</h1>
      <p>
        Assistants that speak the Model Context Protocol reach your forms at <code>{url}</code> (Streamable HTTP, no sessions: any instance
        answers any request). Each tool calls the same operation as the v2 API, so scopes, form limits, rate limits, audit rows and error
        sentences are the API&apos;s.
      </p>
      <h2 id="mcp-sign-in">Signing in</h2>
      <ul>
        <li>
          <strong>An organization token</strong> (API tokens page) as <code>Authorization: Bearer {TOKEN_PLACEHOLDER}</code>: the assistant
          may do exactly what the token&apos;s scopes allow, on the token&apos;s forms. Creating and changing forms needs the{" "}
          <code>form.write</code> scope.
        </li>
        <li>
          <strong>OAuth 2.1</strong>, for clients that sign in themselves: <code>/mcp</code> answers 401 with <code>{challenge}</code>; the
          client registers (RFC 7591, <code>/oauth/register</code>), asks for the v2 scopes with <code>resource={url}</code> and PKCE S256,
          and you approve it on the consent page. It never gets more than your role allows, and it is listed under Connected apps, where
          Revoke ends it.
        </li>
      </ul>
      <h2 id="mcp-clients">Configuration</h2>
      {mcpClientConfigs(url, TOKEN_PLACEHOLDER).map((c) => (
        <div key={c.id}>
          <h3 id={`mcp-${c.id}`}>{c.client}</h3>
          <p className="muted">{c.where}. Leave the header out to sign in with OAuth.</p>
          <pre tabIndex={0} aria-labelledby={`mcp-${c.id}`}>
            {c.text}
          </pre>
        </div>
      ))}
      <h2 id="mcp-tools">Tools</h2>
      <div className="table-scroll" tabIndex={0}>
        <table className="md-table">
          <thead>
            <tr>
              <th>Tool</th>
              <th>Changes</th>
              <th>What it does</th>
            </tr>
          </thead>
          <tbody>
            {MCP_TOOLS.map((t) => (
              <tr key={t.name}>
                <td>
                  <code>{t.name}</code>
                </td>
                <td>{t.annotations.readOnlyHint ? "nothing" : t.annotations.destructiveHint ? "deletes" : "creates or changes"}</td>
                <td>{t.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
