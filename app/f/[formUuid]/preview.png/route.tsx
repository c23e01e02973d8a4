import { db } from "@/db";
import { findFormPreview } from "@/server/services/forms/v1-preview";
import { renderPreviewPng } from "./render-preview";

export const dynamic = "force-dynamic";

/** Browsers and proxies may reuse an image 5 minutes, then revalidate with the ETag. */
const CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=3600";

/** The PNG behind v1 `preview_image_url` (`GET /api/v1/forms`). Public: see findFormPreview. */
export async function GET(request: Request, ctx: { params: Promise<{ formUuid: string }> }) {
  const { formUuid } = await ctx.params;
  const preview = await findFormPreview(db(), formUuid);
  if (!preview) {
    return Response.json({ message: "Form not found" }, { status: 404, headers: { "cache-control": "no-store" } });
  }
  const etag = `"${preview.version}"`;
  if (request.headers.get("if-none-match") === etag) {
    return new Response(null, { status: 304, headers: { etag, "cache-control": CACHE_CONTROL } });
  }
  return new Response(await renderPreviewPng(preview), {
    headers: { "content-type": "image/png", etag, "cache-control": CACHE_CONTROL },
  });
}
