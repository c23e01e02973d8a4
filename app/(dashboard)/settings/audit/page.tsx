import type { Metadata } from "next";
import { Suspense } from "react";
import { AuditLogView } from "./audit-log-view";

export const metadata: Metadata = { title: "Audit log" };

export default function AuditLogPage() {
  // The view reads its filters and page from the URL on the client.
  return (
    <Suspense>
      <AuditLogView />
    </Suspense>
  );
}
