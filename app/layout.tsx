import type { ReactNode } from "react";
import "./globals.css";

export const metadata = { title: "Formhouse", description: "Self-hostable forms with a first-class API" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
