import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/app/router";

export type LinkState = inferRouterOutputs<AppRouter>["uniqueLinks"]["list"]["uniqueLinks"][number]["state"];

/** The states the list can be filtered by, as the server computes them (server/services/unique-links/state.ts). */
export const LINK_STATE_LABELS: Record<LinkState, { label: string; badge: string }> = {
  active: { label: "Active", badge: "badge-success" },
  completed: { label: "Completed", badge: "badge-info" },
  expired: { label: "Expired", badge: "badge-danger" },
  inactive: { label: "Inactive", badge: "badge-neutral" },
};

export const isLinkState = (v: string | null): v is LinkState => v !== null && Object.hasOwn(LINK_STATE_LABELS, v);

export function StateBadge({ state }: { state: LinkState }) {
  return <span className={`badge ${LINK_STATE_LABELS[state].badge}`}>{LINK_STATE_LABELS[state].label}</span>;
}
