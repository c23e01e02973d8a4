import type { ReactNode } from "react";
import { Providers } from "@/app/_trpc/providers";
import { getSession } from "@/server/auth/next-auth";

export default async function AuthLayout({ children }: { children: ReactNode }) {
  const session = await getSession();
  return (
    <Providers session={session}>
      <main className="auth-shell">
        <div className="auth-brand">
          <span className="brand-mark" aria-hidden="true">F</span>
          Formhouse
        </div>
        {children}
      </main>
    </Providers>
  );
}
