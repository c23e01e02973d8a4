/**
 * Signs in over HTTP as the sign-in page does (next-auth's credentials flow: CSRF token,
 * then the credentials callback), without a browser. `headers` go on both requests (e.g. a
 * client address in X-Forwarded-For, which the test server trusts).
 */
export type SignInAttempt = {
  /** null on success; otherwise next-auth's error code (CredentialsSignin, TooManyAttempts, …). */
  error: string | null;
  /** The session cookie on success (`name=value`). */
  sessionCookie: string | null;
  /** Time the credentials request took, in ms. */
  ms: number;
};

export async function attemptSignIn(
  baseUrl: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<SignInAttempt> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`, { headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookies = csrf.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded", cookie: cookies.join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, json: "true", callbackUrl: `${baseUrl}/forms` }),
  });
  const ms = performance.now() - started;
  const body = (await res.json().catch(() => ({}))) as { url?: string };
  const error = new URL(body.url ?? res.headers.get("location") ?? baseUrl, baseUrl).searchParams.get("error");
  const session = res.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
  return { error, sessionCookie: session ? session.split(";")[0]! : null, ms };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
