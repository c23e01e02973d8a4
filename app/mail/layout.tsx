import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AuthShell } from "@/app/_components/auth-shell";

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** Pages reached from a message's link, without signing in: the sign-in pages' frame. */
export default function MailLayout({ children }: { children: ReactNode }) {
  return <AuthShell>{children}</AuthShell>;
}
