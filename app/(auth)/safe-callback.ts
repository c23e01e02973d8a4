/**
 * Where to go after signing in: a place on this app only. The value is parsed the way a
 * browser will parse it (dropping tab, CR and LF, reading `\` as `/`) against the app's own
 * origin, so `/%09/evil.example/` or `/\evil.example` cannot turn into another site.
 * Returns a path (`/forms?page=2`); anything else gives `fallback`.
 */
export function safeCallbackUrl(raw: string | string[] | undefined, appUrl: string, fallback = "/forms"): string {
  const value = firstParam(raw);
  if (!value) return fallback;
  const origin = new URL(appUrl).origin;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  // `http://app//evil.example` is same-origin, but its path alone would read as `//evil.example`.
  return `${url.pathname.replace(/^\/+/, "/")}${url.search}${url.hash}`;
}

export function firstParam(raw: string | string[] | undefined): string | undefined {
  return Array.isArray(raw) ? raw[0] : raw;
}
