import { downloadFileRoute } from "@/server/uploads/download";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ fileId: string }> };

/** An uploaded file, through a signed link (`?expires=…&signature=…`): an attachment, or 403 for a bad or old link. */
export async function GET(request: Request, ctx: Ctx) {
  return downloadFileRoute(request, (await ctx.params).fileId);
}
