import { openApiDocument } from "@/server/rest/documents";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(openApiDocument("connector"), { headers: { "access-control-allow-origin": "*" } });
}
