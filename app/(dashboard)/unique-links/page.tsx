import type { Metadata } from "next";
import { Suspense } from "react";
import { UniqueLinksView } from "./unique-links-view";

export const metadata: Metadata = { title: "Unique links" };

export default function UniqueLinksPage() {
  // The view reads the URL (?form=, ?page=, ?q=) on the client.
  return (
    <Suspense>
      <UniqueLinksView />
    </Suspense>
  );
}
