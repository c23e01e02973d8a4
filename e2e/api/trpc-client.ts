import type { APIRequestContext } from "@playwright/test";
import { expect, type SeededOrg } from "../fixtures";
import { attemptSignIn } from "./sign-in-client";

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

/** `user` signed in over HTTP from `clientAddress`: a caller of the dashboard's procedures, as the browser calls them. */
export async function trpcSession(request: APIRequestContext, baseURL: string, user: SeededOrg, clientAddress: string) {
  const { sessionCookie } = await attemptSignIn(baseURL, user.email, user.password, { "x-forwarded-for": clientAddress });
  expect(sessionCookie).not.toBeNull();
  const headers = { cookie: sessionCookie! };
  return {
    query: (path: string, input?: unknown) => trpc(request, "query", path, input, headers),
    mutation: (path: string, input?: unknown) => trpc(request, "mutation", path, input, headers),
  };
}

export type TrpcSession = Awaited<ReturnType<typeof trpcSession>>;
