import type { Metadata } from "next";
import { FormOverviewView } from "./form-overview-view";

export const metadata: Metadata = { title: "Form" };

export default async function FormPage({ params }: { params: Promise<{ uuid: string }> }) {
  const { uuid } = await params;
  return <FormOverviewView formUuid={uuid} />;
}
