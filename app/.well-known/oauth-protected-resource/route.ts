import { mcpResourceMetadata } from "@/server/oauth/metadata";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(mcpResourceMetadata(), {
    headers: { "access-control-allow-origin": "*", "cache-control": "public, max-age=300" },
  });
}
