import type { ApiClient, Seed } from "../fixtures";

type Method = "GET" | "POST" | "PATCH" | "DELETE";

/**
 * API calls as one organization with given scopes. The rate limit is 10 requests per 60 s
 * per token, so a fresh token is minted for every 10 requests.
 */
export function tokenClient(api: ApiClient, seed: Seed, organizationId: number, opts: { scopes?: string[]; formIds?: number[] } = {}) {
  let token: string | undefined;
  let used = 0;
  const next = async () => {
    if (!token || used >= 10) {
      token = await seed.token(organizationId, opts);
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

export type TokenClient = ReturnType<typeof tokenClient>;
