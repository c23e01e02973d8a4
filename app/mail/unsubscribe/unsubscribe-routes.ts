import { db } from "@/db";
import { unsubscribePath } from "@/lib/app-paths";
import { renderPageInProcess } from "@/server/http/in-process";
import { unsubscribeByToken } from "@/server/mail/stop-notifications";

/**
 * `GET|HEAD /mail/unsubscribe/<token>`: the link's page (`[token]/view`, rendered in this
 * process) with its status: 200, or 404 for a token not ours. It asks and changes nothing:
 * link scanners and previews open links too.
 */
export async function unsubscribePageRoute(request: Request, token: string): Promise<Response> {
  const page = await renderPageInProcess(request, `${unsubscribePath(encodeURIComponent(token))}/view`);
  return new Response(request.method === "HEAD" ? null : page.html, {
    status: page.status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

/**
 * `POST /mail/unsubscribe/<token>`: the page's Unsubscribe button, or a mail client's one-click
 * (`List-Unsubscribe=One-Click`), cross-site and with no session by design. It unsubscribes
 * whatever the body, then answers the page, which now says so (200; 404 for a token not ours).
 */
export async function unsubscribeRoute(request: Request, token: string): Promise<Response> {
  await unsubscribeByToken(db(), token);
  return unsubscribePageRoute(request, token);
}
