import { mcpResourceMetadata } from "@/server/oauth/metadata";

export const dynamic = "force-dynamic";

/** The path form of the metadata (RFC 9728 §3.1) for the resource `/mcp`. */
export function GET() {
  return Response.json(mcpResourceMetadata(), {
    headers: { "access-control-allow-origin": "*", "cache-control": "public, max-age=300" },
  });
}
