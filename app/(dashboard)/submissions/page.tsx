import type { Metadata } from "next";
import { ComingSoon } from "../_components/coming-soon";

export const metadata: Metadata = { title: "Submissions" };

export default function SubmissionsPage() {
  return (
    <ComingSoon
      title="Submissions"
      description="The responses your forms receive."
      points={[
        "Browse the submissions of each form, newest first.",
        "Filter on any field and sort by date or completion time.",
        "Open a submission to read every answer; delete spam.",
      ]}
      meanwhile={
        <>
          Until then, submissions are available through the API: <code>GET /api/v2/submissions</code>.
        </>
      }
    />
  );
}
