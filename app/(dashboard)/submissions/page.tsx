import type { Metadata } from "next";
import { Suspense } from "react";
import { SubmissionsView } from "./submissions-view";

export const metadata: Metadata = { title: "Submissions" };

export default function SubmissionsPage() {
  // The view reads the URL (?form=, ?page=, ?view=, ?sort=, ?order= and v2's filters) on the client.
  return (
    <Suspense>
      <SubmissionsView />
    </Suspense>
  );
}
