import { unsubscribePageRoute, unsubscribeRoute } from "../unsubscribe-routes";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ token: string }> };

/**
 * The unsubscribe link of a notification or a digest. A route handler, not a page, because the
 * same URL takes the RFC 8058 one-click POST of mail clients (the markup comes from ./view).
 */
export async function GET(request: Request, ctx: Ctx) {
  return unsubscribePageRoute(request, (await ctx.params).token);
}

export async function HEAD(request: Request, ctx: Ctx) {
  return unsubscribePageRoute(request, (await ctx.params).token);
}

export async function POST(request: Request, ctx: Ctx) {
  return unsubscribeRoute(request, (await ctx.params).token);
}
