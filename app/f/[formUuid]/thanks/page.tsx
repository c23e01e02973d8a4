import type { Metadata } from "next";
import { headers } from "next/headers";
import { SurveyNotice } from "@/app/_survey/survey-shell";
import { surveyCaller } from "@/server/routers/survey/router";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Thank you" }, robots: { index: false, follow: false } };

/** Where a successful form post lands (303). Spam is thanked the same way. */
export default async function SurveyThanksPage({
  params,
  searchParams,
}: {
  params: Promise<{ formUuid: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { formUuid } = await params;
  const { ending: named } = await searchParams;
  const found = await surveyCaller(new Headers(await headers())).forms.thanks({
    formUuid,
    ending: typeof named === "string" ? named : undefined,
  });
  const ending = found?.ending;
  // A form's ending: its own title and message, in place of the plain thank-you.
  if (ending) {
    return (
      <SurveyNotice tone="success" title={ending.title || "Thank you!"}>
        {ending.message ? <p className="sv-notice-text sv-ending-message">{ending.message}</p> : null}
      </SurveyNotice>
    );
  }
  return (
    <SurveyNotice tone="success" title="Thank you!">
      <p className="sv-notice-text">
        Your answers{" "}
        {found ? (
          <>
            to <strong>{found.formName}</strong>{" "}
          </>
        ) : null}
        have been sent. You can close this page now.
      </p>
    </SurveyNotice>
  );
}
