import { submitRoute } from "@/app/_survey/survey-routes";
import { preflight } from "@/server/rest/survey/submit-request";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ formUuid: string }> };

/** Submit answers to a published form: JSON (201 {id}) or a form post (303 to the thank-you page). */
export async function POST(request: Request, ctx: Ctx) {
  return submitRoute(request, { formUuid: (await ctx.params).formUuid });
}

/** CORS preflight: the JSON endpoint is open to the owner's own front end on any origin. */
export function OPTIONS() {
  return preflight();
}
