import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/app/router";

type ListedLink = inferRouterOutputs<AppRouter>["uniqueLinks"]["list"]["uniqueLinks"][number];
export type LinkState = ListedLink["state"];

/**
 * The states the list can be filtered by, as the server computes them (server/services/unique-links/state.ts):
 * open (on, not expired, not completed), completed, expired, off.
 */
export const LINK_STATE_LABELS: Record<LinkState, { label: string; badge: string }> = {
  active: { label: "Open", badge: "badge-success" },
  completed: { label: "Completed", badge: "badge-info" },
  expired: { label: "Expired", badge: "badge-danger" },
  inactive: { label: "Off", badge: "badge-neutral" },
};

export const isLinkState = (v: string | null): v is LinkState => v !== null && Object.hasOwn(LINK_STATE_LABELS, v);

/**
 * A link's one status: its state, and for an open link how far its recipient got ("Not opened",
 * "In progress"), so the table needs no second column to say it.
 */
export function linkStatusLabel(link: Pick<ListedLink, "state" | "status">): string {
  if (link.state !== "active") return LINK_STATE_LABELS[link.state].label;
  return link.status === "in_progress" ? "In progress" : "Not opened";
}

export function LinkStatusBadge({ link }: { link: Pick<ListedLink, "state" | "status"> }) {
  return <span className={`badge ${LINK_STATE_LABELS[link.state].badge}`}>{linkStatusLabel(link)}</span>;
}
