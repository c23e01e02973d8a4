import type { ReactNode } from "react";
import { AuthShell } from "@/app/_components/auth-shell";
import { Providers } from "@/app/_trpc/providers";
import { getSession } from "@/server/auth/next-auth";

export default async function AuthLayout({ children }: { children: ReactNode }) {
  const session = await getSession();
  return (
    <Providers session={session}>
      <AuthShell>{children}</AuthShell>
    </Providers>
  );
}
