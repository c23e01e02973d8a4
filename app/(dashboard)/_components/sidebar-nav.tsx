"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const ITEMS = [
  { href: "/forms", label: "Forms" },
  { href: "/submissions", label: "Submissions" },
  { href: "/tokens", label: "API tokens" },
  { href: "/webhooks", label: "Webhooks" },
  { href: "/prefills", label: "Prefills" },
  { href: "/unique-links", label: "Unique links" },
  { href: "/connected-apps", label: "Connected apps" },
  { href: "/account", label: "Account" },
] as const;

export function SidebarNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="sidebar-nav">
      <ul>
        {ITEMS.map((item) => {
          const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <Link href={item.href} className="nav-link" aria-current={active ? "page" : undefined}>
                {item.label}
              </Link>
            </li>
          );
        })}
        <li>
          {/* The reference is a public page of its own (no dashboard chrome). */}
          <a href="/docs" className="nav-link">
            API reference
          </a>
        </li>
      </ul>
    </nav>
  );
}
