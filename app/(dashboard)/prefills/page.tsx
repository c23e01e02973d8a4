import type { Metadata } from "next";
import { ComingSoon } from "../_components/coming-soon";

export const metadata: Metadata = { title: "Prefills" };

export default function PrefillsPage() {
  return (
    <ComingSoon
      title="Prefills"
      description="Stored answers that pre-populate a form for a recipient."
      points={[
        "Create a prefill with values for some of a form's fields.",
        <>
          Share the form&apos;s link with <code>?_prefill=&lt;id&gt;</code> and the fields open already filled in.
        </>,
        "List and delete the prefills of each form.",
      ]}
      meanwhile={
        <>
          Until then, prefills can be managed through the API: <code>/api/v2/forms/&lt;form_uuid&gt;/prefills</code>.
        </>
      }
    />
  );
}
