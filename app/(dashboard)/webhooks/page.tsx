import type { Metadata } from "next";
import { Suspense } from "react";
import { WebhooksView } from "./webhooks-view";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  // The view reads the URL (?form=, ?page=) on the client.
  return (
    <Suspense>
      <WebhooksView />
    </Suspense>
  );
}
