import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import { serverCaller } from "@/app/_trpc/server";
import { phoneCountries } from "@/lib/phone/phone-countries";
import { FormElsewhere } from "../../../_components/elsewhere-notice";
import { EmptyState } from "../../../_components/list-states";
import { FormBuilder } from "./form-builder";

export const metadata: Metadata = { title: "Edit form" };

/** The form builder: edits the form's draft; publishing puts it live (server/services/forms/builder-draft.ts). */
export default async function EditFormPage({ params }: { params: Promise<{ uuid: string }> }) {
  const { uuid } = await params;
  // Loaded here so the page arrives with the form (the layout has checked the session).
  const draft = await (await serverCaller()).forms.getDraft({ form: uuid }).catch((err: unknown) => {
    if (err instanceof TRPCError && (err.code === "NOT_FOUND" || err.code === "BAD_REQUEST")) return null;
    throw err;
  });
  if (!draft) {
    // A form of another organization of the user's says so, with a switch; any other is not found.
    return (
      <FormElsewhere
        form={uuid}
        notFound={
          <>
            <h1 className="visually-hidden">Edit form</h1>
            <EmptyState title="Form not found">The link names a form that does not exist or belongs to another organization.</EmptyState>
          </>
        }
      />
    );
  }
  // The preview's phone country list comes from the server's ICU data, as on the survey page.
  return <FormBuilder initial={draft} countries={phoneCountries()} />;
}
