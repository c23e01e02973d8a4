import { headers } from "next/headers";
import { cspNonce } from "@/server/http/security-headers";
import { SENT_KEY_PREFIX, SURVEY_ROUTE_SUFFIX } from "./sent-keys";

/** SentMark's mark as plain script text: the same key, set as the page is parsed. */
const MARK_SCRIPT =
  `try{sessionStorage.setItem(${JSON.stringify(SENT_KEY_PREFIX)}+location.pathname.replace(${String(SURVEY_ROUTE_SUFFIX)},""),"1")}` +
  "catch(e){}";

/**
 * The thank-you page's mark, set by an inline script while the page is still loading (with this
 * response's CSP nonce), not once its JavaScript has run: Back pressed as soon as the thanks
 * show, on a slow phone or by a quick hand, must find it too.
 */
export async function SentMarkNow() {
  return <script nonce={cspNonce((await headers()).get("content-security-policy"))} dangerouslySetInnerHTML={{ __html: MARK_SCRIPT }} />;
}
