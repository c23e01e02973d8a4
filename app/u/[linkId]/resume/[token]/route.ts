import { resumeRoute } from "@/app/_survey/resume-route";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ linkId: string; token: string }> };

/** A mailed link to continue a unique link's form later: back to the link, which resumes where its recipient left. */
export async function GET(request: Request, ctx: Ctx) {
  const { linkId, token } = await ctx.params;
  return resumeRoute(request, { linkId }, token);
}

/** Where it would go; moves nothing. */
export async function HEAD(request: Request, ctx: Ctx) {
  const { linkId, token } = await ctx.params;
  return resumeRoute(request, { linkId }, token);
}
