import type { ApiClient, Seed } from "../fixtures";

type Method = "GET" | "POST" | "PATCH" | "DELETE";

/**
 * API calls with tokens from `mint`. The rate limit is 10 requests per 60 s per token, so a
 * fresh token is minted for every 10 requests.
 */
export function rotatingClient(api: ApiClient, mint: () => Promise<string>) {
  let token: string | undefined;
  let used = 0;
  const next = async () => {
    if (!token || used >= 10) {
      token = await mint();
      used = 0;
    }
    used++;
    return token;
  };
  return {
    get: async (path: string) => api.get(path, await next()),
    call: async (method: Method, path: string, body?: unknown) => api.call(method, path, { token: await next(), body }),
  };
}

/** v2 calls as one organization with given scopes (and optional form restriction). */
export const tokenClient = (api: ApiClient, seed: Seed, organizationId: number, opts: { scopes?: string[]; formIds?: number[] } = {}) =>
  rotatingClient(api, () => seed.token(organizationId, opts));

export type TokenClient = ReturnType<typeof rotatingClient>;
