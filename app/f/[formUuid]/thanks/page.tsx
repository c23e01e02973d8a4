import type { Metadata } from "next";
import { headers } from "next/headers";
import { SurveyThanks } from "@/app/_survey/thanks-page";
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
  const { ending } = await searchParams;
  const found = await surveyCaller(new Headers(await headers())).forms.thanks({
    formUuid,
    ending: typeof ending === "string" ? ending : undefined,
  });
  return <SurveyThanks found={found} form={formUuid} endingId={typeof ending === "string" ? ending : null} />;
}
