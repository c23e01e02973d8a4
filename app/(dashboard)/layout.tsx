import { REQUESTED_PATH_HEADER, SIGN_IN_PATH, withCallback } from "@/lib/app-paths";
import { TRPCError } from "@trpc/server";
import Link from "next/link";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { serverCaller } from "@/app/_trpc/server";
import { can, type OrganizationRole, type Permission } from "@/lib/permissions";
import { Providers } from "@/app/_trpc/providers";
import { getSession } from "@/server/auth/next-auth";
import { SidebarDisclosure } from "./_components/sidebar-disclosure";
import { OrganizationSwitcher } from "./_components/organization-switcher";
import { SidebarNav } from "./_components/sidebar-nav";
import { SignOutButton } from "./_components/sign-out-button";

/** The main list's pages a role cannot use (lib/permissions.ts); a link is hidden, the server still checks. */
function hiddenPages(role: OrganizationRole): string[] {
  const pages: [string, Permission][] = [
    ["/tokens", "tokens.manage"],
    ["/webhooks", "webhooks.manage"],
    ["/prefills", "links.manage"],
    ["/unique-links", "links.manage"],
    ["/connected-apps", "connectedApps.manage"],
  ];
  return pages.filter(([, p]) => !can(role, p)).map(([href]) => href);
}

/** Every dashboard page needs a signed-in user whose account still exists. */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await getSession();
  // Back to the page asked for once signed in (sign-in checks it is a path of this app).
  if (!session) redirect(withCallback(SIGN_IN_PATH, (await headers()).get(REQUESTED_PATH_HEADER)));

  const caller = await serverCaller(session.user);
  const signedOut = (err: unknown) => {
    if (err instanceof TRPCError && err.code === "UNAUTHORIZED") return null;
    throw err;
  };
  const [account, orgs] = await Promise.all([caller.account.me().catch(signedOut), caller.account.organizations().catch(signedOut)]);
  if (!account || !orgs) redirect("/sign-in?error=SessionExpired");

  return (
    <Providers session={session}>
      <a href="#content" className="skip-link">
        Skip to content
      </a>
      <div className="app-shell">
        <aside className="sidebar">
          <SidebarDisclosure
            brand={
              <Link href="/forms" className="sidebar-brand">
                <span className="brand-mark" aria-hidden="true">
                  F
                </span>
                Formhouse
              </Link>
            }
          >
            <SidebarNav
              settings={{ mail: can(account.role, "mail.manage"), members: true, audit: can(account.role, "audit.view") }}
              hidden={hiddenPages(account.role)}
            />
            <div className="sidebar-footer">
              <div className="account" aria-label="Signed in as">
                <OrganizationSwitcher currentId={orgs.currentId} organizations={orgs.organizations} />
                <div className="account-email" data-testid="user-email" title={account.email}>
                  {account.email}
                </div>
              </div>
              <SignOutButton />
            </div>
          </SidebarDisclosure>
        </aside>
        <main className="content" id="content" tabIndex={-1}>
          {children}
        </main>
      </div>
    </Providers>
  );
}
