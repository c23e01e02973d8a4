import { submitRoute } from "@/app/_survey/survey-routes";
import { preflight } from "@/server/rest/survey/submit-request";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ linkId: string }> };

/** Submit answers through a unique link: completes it (410 once it no longer takes answers). */
export async function POST(request: Request, ctx: Ctx) {
  return submitRoute(request, { linkId: (await ctx.params).linkId });
}

/** CORS preflight, as for the form's own submit endpoint. */
export function OPTIONS() {
  return preflight();
}
