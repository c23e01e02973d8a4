import "server-only";
/**
 * Cross-site request forgery guard for state-changing requests that a session cookie
 * authorizes (tRPC mutations). SameSite cookies and a JSON content type already stop most;
 * this checks where the request really comes from:
 * - a browser names the page's origin in `Origin` on every POST: it must be the app's own
 *   (APP_URL's), or the request is refused;
 * - without `Origin`, a browser still says where it comes from in `Sec-Fetch-Site`: anything
 *   but same-origin is refused;
 * - with neither, the caller is no browser (curl, a script) and cannot carry a victim's cookies.
 * Returns why a request is refused, or null when it may go on.
 */
export function crossSiteRefusal(headers: Headers, appUrl: string): string | null {
  const appOrigin = new URL(appUrl).origin;
  const origin = headers.get("origin");
  if (origin !== null) {
    return origin === appOrigin
      ? null
      : `This request comes from ${origin || "an unnamed origin"}, not from ${appOrigin}: open Formhouse at ${appOrigin} (APP_URL).`;
  }
  const site = headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") return `This request comes from another site (${site}), not from ${appOrigin}.`;
  return null;
}
