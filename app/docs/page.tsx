import { Fragment } from "react";
import { openApiDocument, type DocumentedSurface } from "@/server/rest/documents";
import { DocsNav } from "./docs-nav";
import { McpSection } from "./mcp-section";
import { headingId, Markdown } from "./markdown";
import { TryIt } from "./try-it";
import "./docs.css";

export const dynamic = "force-dynamic";
export const metadata = { title: "API reference · Formhouse" };

type Json = Record<string, any>;
/** Documented surfaces in page order; `sections` are headings of the description linked from the nav. */
const SURFACES: { id: DocumentedSurface; basePath: string; authHeader: string; sections?: string[] }[] = [
  { id: "v2", basePath: "/api/v2", authHeader: "X-SERVICE-TOKEN" },
  { id: "v1", basePath: "/api/v1", authHeader: "X-SERVICE-TOKEN", sections: ["Migrating from v1 to v2"] },
  {
    id: "connector",
    basePath: "/connector",
    authHeader: "Authorization",
    sections: ["Connecting with OAuth 2.0", "Using the connector API"],
  },
];

function operations(doc: Json) {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, op]) => ({ path, method, op: op as Json })),
  );
}

/** A path that wraps after its slashes (`/forms/<wbr>{form_uuid}/<wbr>unique_links`), not inside a word. */
function BreakAfterSlashes({ text }: { text: string }) {
  return text.split("/").map((part, i) => (
    <Fragment key={i}>
      {i > 0 && (
        <>
          /<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));
}

export default function DocsPage() {
  const docs = SURFACES.map((s) => ({ ...s, doc: openApiDocument(s.id) as Json }));
  return (
    <div className="docs">
      <DocsNav
        brand={
          <a href="/forms" className="brand">
            Formhouse
          </a>
        }
      >
        {docs.map(({ id, doc, sections }) => (
          <div key={id}>
            <a href={`#${id}`} className="nav-surface">
              {doc.info.title}
            </a>
            {sections?.map((title) => (
              <a key={title} href={`#${headingId(title)}`} className="nav-section">
                {title}
              </a>
            ))}
            {operations(doc).map(({ path, method, op }) => (
              <a key={op.operationId} href={`#${id}-${op.operationId}`} className="nav-op">
                <span className={`method m-${method}`}>{method.toUpperCase()}</span>
                <span className="nav-path">
                  <BreakAfterSlashes text={path} />
                </span>
              </a>
            ))}
            <a href={`${SURFACES.find((s) => s.id === id)!.basePath}/openapi.json`} className="nav-op">
              openapi.json
            </a>
          </div>
        ))}
        <div>
          <a href="#mcp" className="nav-surface">
            MCP server (assistants)
          </a>
          <a href="#mcp-clients" className="nav-section">
            Configuration
          </a>
          <a href="#mcp-tools" className="nav-section">
            Tools
          </a>
        </div>
      </DocsNav>
      <main className="docs-main">
        {docs.map(({ id, doc, basePath, authHeader }) => (
          <section key={id} id={id}>
            <h1>{doc.info.title}</h1>
            <p className="muted">
              Base URL <code>{doc.servers?.[0]?.url}</code> · OpenAPI 3.1: <a href={`${basePath}/openapi.json`}>{basePath}/openapi.json</a>
            </p>
            <Markdown text={doc.info.description ?? ""} />
            {operations(doc).map(({ path, method, op }) => {
              const params: Json[] = op.parameters ?? [];
              return (
                <article key={op.operationId} id={`${id}-${op.operationId}`} className="op">
                  <h2>
                    <span className={`method m-${method}`}>{method.toUpperCase()}</span>
                    <code className="op-path">
                      <BreakAfterSlashes text={basePath + path} />
                    </code>
                  </h2>
                  <p className="op-summary">
                    {op.summary}
                    {op.security?.[0] && Object.keys(op.security[0]).length > 0 && <ScopeNote op={op} />}
                  </p>
                  {op.description && <Markdown text={op.description} />}
                  {params.length > 0 && (
                    <div className="table-scroll" tabIndex={0}>
                      <table className="md-table">
                        <thead>
                          <tr>
                            <th>Parameter</th>
                            <th>In</th>
                            <th>Description</th>
                          </tr>
                        </thead>
                        <tbody>
                          {params.map((p) => (
                            <tr key={`${p.in}${p.name}`}>
                              <td>
                                <code>{p.name}</code>
                                {p.required ? " *" : ""}
                              </td>
                              <td>{p.in}</td>
                              <td>
                                <Markdown text={p.description ?? p.schema?.description ?? ""} />
                              </td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  )}
                  {op.requestBody && (
                    <details>
                      <summary>Request body schema</summary>
                      <pre tabIndex={0}>{JSON.stringify(op.requestBody.content?.["application/json"]?.schema, null, 2)}</pre>
                    </details>
                  )}
                  <div className="table-scroll" tabIndex={0}>
                    <table className="md-table responses">
                      <thead>
                        <tr>
                          <th>Status</th>
                          <th>Meaning</th>
                          <th>Example</th>
                        </tr>
                      </thead>
                      <tbody>
                        {Object.entries(op.responses ?? {}).map(([status, r]) => {
                          const res = r as Json;
                          const example = res.content?.["application/json"]?.example;
                          return (
                            <tr key={status}>
                              <td>
                                <strong>{status}</strong>
                              </td>
                              <td>
                                <Markdown text={res.description ?? ""} />
                              </td>
                              <td>{example ? <code>{JSON.stringify(example)}</code> : null}</td>
                            </tr>
                          );
                        })}
                      </tbody>
                    </table>
                  </div>
                  <TryIt
                    method={method}
                    basePath={basePath}
                    path={path}
                    // Free-form parameter groups (filters) go in the "More query parameters" field.
                    params={params
                      .filter((p) => p.schema?.type !== "object")
                      .map((p) => ({ name: p.name, in: p.in, required: p.required }))}
                    hasBody={Boolean(op.requestBody)}
                    authHeader={authHeader}
                  />
                </article>
              );
            })}
          </section>
        ))}
        <McpSection />
      </main>
    </div>
  );
}

function ScopeNote({ op }: { op: Json }) {
  const forbidden = op.responses?.["403"]?.description as string | undefined;
  const scope = forbidden?.match(/`([^`]+)`/)?.[1];
  return scope ? (
    <span className="scope">
      {" "}
      · scope <code>{scope}</code>
    </span>
  ) : null;
}
