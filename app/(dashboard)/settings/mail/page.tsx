import type { Metadata } from "next";
import { Suspense } from "react";
import { MailSettingsView } from "./mail-settings-view";

export const metadata: Metadata = { title: "Mail settings" };

export default function MailSettingsPage() {
  // The view reads the URL (?status=, ?page=) on the client.
  return (
    <Suspense>
      <MailSettingsView />
    </Suspense>
  );
}
