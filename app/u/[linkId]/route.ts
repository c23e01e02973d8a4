import { openLinkRoute } from "@/app/_survey/survey-routes";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ linkId: string }> };

/**
 * A unique link's survey page. A route handler, not a page: closed links answer 410, which
 * a Next.js page cannot (the markup still comes from the survey page; app/_survey/render-page.ts).
 */
export async function GET(request: Request, ctx: Ctx) {
  return openLinkRoute(request, (await ctx.params).linkId);
}

/** Status only; never marks the link opened. */
export async function HEAD(request: Request, ctx: Ctx) {
  return openLinkRoute(request, (await ctx.params).linkId);
}
