import type { Metadata } from "next";
import { Suspense } from "react";
import { PrefillsView } from "./prefills-view";

export const metadata: Metadata = { title: "Prefills" };

export default function PrefillsPage() {
  // The view reads the URL (?form=, ?page=, ?q=, ?links=) on the client.
  return (
    <Suspense>
      <PrefillsView />
    </Suspense>
  );
}
