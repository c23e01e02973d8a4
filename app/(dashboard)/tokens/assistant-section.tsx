"use client";

import { mcpClientConfigs, TOKEN_PLACEHOLDER } from "@/lib/mcp-clients";
import { CopyButton } from "../_components/copy-button";

/** "Use with an assistant": the MCP endpoint and each common client's configuration, with a v2 token or OAuth. */
export function AssistantSection({ mcpUrl }: { mcpUrl: string }) {
  return (
    <section className="integrate-section" aria-labelledby="assistant-title">
      <header>
        <div>
          <h2 id="assistant-title">Use with an assistant</h2>
          <p className="muted">
            Assistants that speak MCP (Claude, ChatGPT, Cursor, VS Code…) read forms and answers, make links and build forms through the MCP
            endpoint, with the same rules as the API. Sign in with OAuth where the client offers it (you choose what it may do), or give it
            an organization token: it may then do exactly what the token&apos;s scopes allow, on the token&apos;s forms.
          </p>
        </div>
      </header>
      <p className="assistant-url">
        <span>MCP endpoint</span> <code>{mcpUrl}</code> <CopyButton text={mcpUrl} what="the MCP endpoint" />
      </p>
      {mcpClientConfigs(mcpUrl, TOKEN_PLACEHOLDER).map((c) => (
        <div key={c.id} className="assistant-config">
          <h3 id={`assistant-${c.id}`}>{c.client}</h3>
          <p className="muted">
            {c.where}. Replace {TOKEN_PLACEHOLDER} with a token made above, or leave the header out to sign in with OAuth.
          </p>
          <pre tabIndex={0} aria-labelledby={`assistant-${c.id}`}>
            {c.text}
          </pre>
          <CopyButton text={c.text} what={`the ${c.client} configuration`} />
        </div>
      ))}
    </section>
  );
}
