import { altchaAsset } from "@/server/services/publishing/altcha-assets";

/**
 * `GET /altcha/<file>`: the ALTCHA widget (its CSP-friendly build: script, stylesheet and proof-of-work
 * worker as files of this origin), loaded only by survey pages of forms that ask for it.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const asset = await altchaAsset((await params).file);
  if (!asset) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Response(asset.body, {
    headers: { "content-type": asset.type, "cache-control": "public, max-age=86400", "cross-origin-resource-policy": "same-origin" },
  });
}
