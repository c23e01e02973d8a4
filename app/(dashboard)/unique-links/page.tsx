import type { Metadata } from "next";
import { ComingSoon } from "../_components/coming-soon";

export const metadata: Metadata = { title: "Unique links" };

export default function UniqueLinksPage() {
  return (
    <ComingSoon
      title="Unique links"
      description="Personal survey links, one per recipient."
      points={[
        "Create links that can carry their own prefill data and an expiry date.",
        "Follow each link's status: pending, in progress or completed.",
        "Deactivate a link, or change its expiry, at any time.",
      ]}
      meanwhile={
        <>
          Until then, unique links can be managed through the API:{" "}
          <code>/api/v2/forms/&lt;form_uuid&gt;/unique_links</code>.
        </>
      }
    />
  );
}
