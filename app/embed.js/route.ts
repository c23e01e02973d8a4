import { EMBED_SCRIPT } from "@/server/services/publishing/embed-script";

/** `GET /embed.js`: the script owners put on their sites to embed a form (inline or as a popup). */
export function GET() {
  return new Response(EMBED_SCRIPT, {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=300",
      // Loaded by other sites' pages.
      "cross-origin-resource-policy": "cross-origin",
    },
  });
}
