import type { Metadata } from "next";
import { FormsView } from "./forms-view";
import { parsePage } from "./page-param";

export const metadata: Metadata = { title: "Forms" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function FormsPage({ searchParams }: { searchParams: SearchParams }) {
  const page = parsePage((await searchParams).page);
  return <FormsView page={page} />;
}
