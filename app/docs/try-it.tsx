"use client";

import { useId, useState } from "react";
import { setTryItToken, useTryItToken } from "./try-it-token";

type Param = { name: string; in: string; required?: boolean };

/** Sends a real request from the browser to this server and shows the answer. */
export function TryIt(props: { method: string; basePath: string; path: string; params: Param[]; hasBody: boolean; authHeader: string }) {
  // Shared by every panel of this API (try-it-token.ts).
  const token = useTryItToken(props.basePath);
  const setToken = (value: string) => setTryItToken(props.basePath, value);
  const tokenHint = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [extraQuery, setExtraQuery] = useState("");
  const [body, setBody] = useState("{}");
  const [result, setResult] = useState<{ status: number; text: string; ms: number } | null>(null);
  const [pending, setPending] = useState(false);

  async function send() {
    setPending(true);
    let path = props.path;
    const query = new URLSearchParams(extraQuery);
    for (const p of props.params) {
      const v = values[p.name];
      if (!v) continue;
      if (p.in === "path") path = path.replace(`{${p.name}}`, encodeURIComponent(v));
      else query.set(p.name, v);
    }
    const qs = query.toString();
    const headers: Record<string, string> = {};
    if (token) headers[props.authHeader] = props.authHeader === "Authorization" ? `Bearer ${token}` : token;
    if (props.hasBody) headers["content-type"] = "application/json";
    const started = performance.now();
    try {
      const res = await fetch(`${props.basePath}${path}${qs ? `?${qs}` : ""}`, {
        method: props.method.toUpperCase(),
        headers,
        body: props.hasBody ? body : undefined,
      });
      const text = await res.text();
      let pretty = text;
      try {
        pretty = JSON.stringify(JSON.parse(text), null, 2);
      } catch {}
      setResult({ status: res.status, text: pretty || "(no body)", ms: Math.round(performance.now() - started) });
    } catch (e) {
      setResult({ status: 0, text: String(e), ms: 0 });
    } finally {
      setPending(false);
    }
  }

  return (
    <details className="try-it">
      <summary>Try it</summary>
      <div className="try-grid">
        <div className="try-field">
          <label>
            {props.authHeader}
            <input
              type="password"
              value={token}
              onChange={(e) => setToken(e.target.value)}
              placeholder="fh_v2_…"
              autoComplete="off"
              aria-describedby={tokenHint}
            />
          </label>
          <span className="muted try-hint" id={tokenHint}>
            Used by every Try it panel of this API; kept in this tab until it closes.
          </span>
        </div>
        {props.params.map((p) => (
          <label key={`${p.in}:${p.name}`}>
            {p.name}{" "}
            <span className="muted">
              ({p.in}
              {p.required ? ", required" : ""})
            </span>
            <input value={values[p.name] ?? ""} onChange={(e) => setValues({ ...values, [p.name]: e.target.value })} />
          </label>
        ))}
        {props.method === "get" && (
          <label>
            More query parameters <span className="muted">(e.g. Email__contains=example.com)</span>
            <input value={extraQuery} onChange={(e) => setExtraQuery(e.target.value)} />
          </label>
        )}
        {props.hasBody && (
          <label>
            JSON body
            <textarea rows={6} value={body} onChange={(e) => setBody(e.target.value)} spellCheck={false} />
          </label>
        )}
        <button type="button" onClick={send} disabled={pending}>
          {pending ? "Sending…" : "Send request"}
        </button>
      </div>
      {result && (
        <div className="try-result">
          <div>
            Status <strong>{result.status}</strong> · {result.ms} ms
          </div>
          <pre tabIndex={0}>{result.text}</pre>
        </div>
      )}
    </details>
  );
}
