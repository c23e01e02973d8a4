import type { Metadata } from "next";
import { PageHeader } from "../_components/page-header";
import { FormsTable } from "./forms-table";

export const metadata: Metadata = { title: "Forms" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** `?page=` from the URL, so a page of the list can be linked and reloaded; bad values mean 1. */
function parsePage(raw: string | string[] | undefined): number {
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && /^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : 1;
}

export default async function FormsPage({ searchParams }: { searchParams: SearchParams }) {
  const page = parsePage((await searchParams).page);
  return (
    <>
      <PageHeader title="Forms" description="Every form of your organization, newest first." />
      <FormsTable page={page} />
    </>
  );
}
