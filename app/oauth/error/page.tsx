import type { Metadata } from "next";
import { ERROR_PAGES, type ErrorPageReason } from "@/server/oauth/error-pages";
import { OAuthErrorCard } from "../_components/oauth-error";

export const metadata: Metadata = { title: "Connection failed" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Where a refused consent post lands (the reason is one of ours, never free text). */
export default async function OAuthErrorPage({ searchParams }: { searchParams: SearchParams }) {
  const { reason } = await searchParams;
  const known = typeof reason === "string" && Object.hasOwn(ERROR_PAGES, reason) ? (reason as ErrorPageReason) : "consent_invalid";
  return <OAuthErrorCard reason={known} />;
}
