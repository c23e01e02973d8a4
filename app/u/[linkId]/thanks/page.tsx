import type { Metadata } from "next";
import { headers } from "next/headers";
import { SurveyThanks } from "@/app/_survey/thanks-page";
import { surveyCaller } from "@/server/routers/survey/router";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Thank you" }, robots: { index: false, follow: false } };

/**
 * Where a unique link's recipient lands after sending (303): thanked on the link's own address,
 * so nothing on the page or in the address bar leads to the public form.
 */
export default async function UniqueLinkThanksPage({
  params,
  searchParams,
}: {
  params: Promise<{ linkId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { linkId } = await params;
  const { ending } = await searchParams;
  const found = await surveyCaller(new Headers(await headers())).forms.thanks({
    linkId,
    ending: typeof ending === "string" ? ending : undefined,
  });
  return <SurveyThanks found={found} />;
}
