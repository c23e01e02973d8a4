"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { AUDIT_LOG_PATH, MAIL_SETTINGS_PATH, MEMBERS_PATH } from "@/lib/app-paths";

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

type Item = { href: string; label: string };

/** What the signed-in member's role lets them open under Settings (lib/permissions.ts). */
export type SettingsAccess = { mail: boolean; members: boolean; audit: boolean };

/** Pages of the main list the member's role cannot use (the server refuses them anyway): not shown. */
export type HiddenPages = readonly string[];

/** The main navigation; the Settings group lists the organization's settings the member may manage (none: no group). */
export function SidebarNav({ settings, hidden = [] }: { settings: SettingsAccess; hidden?: HiddenPages }) {
  const pathname = usePathname();
  const settingsItems: Item[] = [
    ...(settings.members ? [{ href: MEMBERS_PATH, label: "Members" }] : []),
    ...(settings.mail ? [{ href: MAIL_SETTINGS_PATH, label: "Mail" }] : []),
    ...(settings.audit ? [{ href: AUDIT_LOG_PATH, label: "Audit log" }] : []),
  ];
  const link = (item: Item) => {
    const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
    return (
      <li key={item.href}>
        <Link href={item.href} className="nav-link" aria-current={active ? "page" : undefined}>
          {item.label}
        </Link>
      </li>
    );
  };
  return (
    <nav aria-label="Main" className="sidebar-nav">
      <ul>
        {ITEMS.filter((item) => !hidden.includes(item.href)).map(link)}
        {settingsItems.length > 0 && (
          <li className="nav-group">
            <span className="nav-group-label" id="nav-settings">
              Settings
            </span>
            <ul aria-labelledby="nav-settings">{settingsItems.map(link)}</ul>
          </li>
        )}
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
