import type { Metadata } from "next";
import Link from "next/link";
import { AuthShell } from "@/app/_components/auth-shell";

export const metadata: Metadata = { title: "Page not found" };

/** Any path nothing answers: the public pages' frame and two ways on. */
export default function NotFound() {
  return (
    <AuthShell>
      <div className="auth-card">
        <h1>Page not found</h1>
        <p className="auth-lead">There is no page at this address. It may have moved, or the link may be mistyped.</p>
        <p className="auth-switch">
          <Link href="/forms">Go to your forms</Link> · <a href="/docs">API reference</a>
        </p>
      </div>
    </AuthShell>
  );
}
