import type { Metadata } from "next";
import { parsePage } from "../page-param";
import { TrashView } from "./trash-view";

export const metadata: Metadata = { title: "Trash" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function FormsTrashPage({ searchParams }: { searchParams: SearchParams }) {
  const page = parsePage((await searchParams).page);
  return <TrashView page={page} />;
}
