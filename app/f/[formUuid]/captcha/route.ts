import { db } from "@/db";
import { formAltchaChallenge } from "@/server/services/publishing/captcha";
import { SURVEY_NOT_FOUND } from "@/server/services/survey/survey-target";

export const dynamic = "force-dynamic";

/** `GET /f/<form_uuid>/captcha`: a fresh ALTCHA challenge for a live form that asks for one; 404 otherwise. */
export async function GET(_request: Request, { params }: { params: Promise<{ formUuid: string }> }) {
  const challenge = await formAltchaChallenge(db(), (await params).formUuid);
  const headers = { "cache-control": "no-store" };
  return challenge ? Response.json(challenge, { headers }) : Response.json({ message: SURVEY_NOT_FOUND }, { status: 404, headers });
}
