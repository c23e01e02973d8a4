import { resumeRoute } from "@/app/_survey/resume-route";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ formUuid: string; token: string }> };

/** A mailed link to continue a form later ("Save and continue later"): on to the page where the respondent left. */
export async function GET(request: Request, ctx: Ctx) {
  const { formUuid, token } = await ctx.params;
  return resumeRoute(request, { formUuid }, token);
}

/** Where it would go; moves nothing. */
export async function HEAD(request: Request, ctx: Ctx) {
  const { formUuid, token } = await ctx.params;
  return resumeRoute(request, { formUuid }, token);
}
