import type { APIRequestContext } from "@playwright/test";

/** A tRPC call over HTTP as the dashboard makes it (no batching): status and parsed body. */
export async function trpc(
  request: APIRequestContext,
  kind: "query" | "mutation",
  path: string,
  input?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; ms: number }> {
  const started = performance.now();
  const res =
    kind === "query"
      ? await request.get(`/api/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, {
          headers,
        })
      : await request.post(`/api/trpc/${path}`, {
          headers: { "content-type": "application/json", ...headers },
          data: JSON.stringify(input ?? null),
        });
  const ms = performance.now() - started;
  return { status: res.status(), body: await res.json(), ms };
}
