import type { Metadata } from "next";
import { phoneCountries } from "@/server/services/survey/phone-countries";
import { FormBuilder } from "./form-builder";

export const metadata: Metadata = { title: "Edit form" };

/** The form builder: edits the form's draft; publishing puts it live (server/services/forms/builder-draft.ts). */
export default async function EditFormPage({ params }: { params: Promise<{ uuid: string }> }) {
  const { uuid } = await params;
  // The preview's phone country list comes from the server's ICU data, as on the survey page.
  return <FormBuilder uuid={uuid} countries={phoneCountries()} />;
}
