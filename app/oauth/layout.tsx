import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AuthShell } from "@/app/_components/auth-shell";
import "./oauth.css";

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** The authorization pages: the sign-in pages' frame, no dashboard chrome. */
export default function OAuthLayout({ children }: { children: ReactNode }) {
  return <AuthShell>{children}</AuthShell>;
}
