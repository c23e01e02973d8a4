import type { NextRequest } from "next/server";
import { db } from "@/db";
import { getSessionUserFromRequest } from "@/server/auth/next-auth";
import { decideConsent } from "@/server/oauth/consent";
import { OAUTH_PATHS } from "@/lib/app-paths";

export const dynamic = "force-dynamic";

/** The consent form's post (Allow / Deny): 302 back to the client, or 303 to our error page. */
export async function POST(req: NextRequest) {
  const form = await req.formData().catch(() => new FormData());
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : null;
  };
  const h = req.headers;
  const outcome = await decideConsent(db(), {
    consent: field("consent"),
    decision: field("decision"),
    user: await getSessionUserFromRequest(req),
    fetchSite: h.get("sec-fetch-site"),
    origin: h.get("origin"),
    hosts: [h.get("x-forwarded-host"), h.get("host")].filter((x): x is string => Boolean(x)),
  });
  if (outcome.kind === "redirect")
    return new Response(null, { status: 302, headers: { location: outcome.url, "cache-control": "no-store" } });
  return new Response(null, {
    status: 303,
    headers: { location: `${OAUTH_PATHS.error}?reason=${outcome.reason}`, "cache-control": "no-store" },
  });
}
