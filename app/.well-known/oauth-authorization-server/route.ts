import { authorizationServerMetadata } from "@/server/oauth/metadata";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(authorizationServerMetadata(), {
    headers: { "access-control-allow-origin": "*", "cache-control": "public, max-age=300" },
  });
}
