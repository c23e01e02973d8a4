import { headers } from "next/headers";
import { REQUESTED_PATH_HEADER } from "@/lib/app-paths";

/**
 * Whether this survey page is embedded (`?embed=1`, as `/embed.js` frames it): the page drops its
 * chrome and reports its size to the parent (embed-bridge.tsx). Read from the path proxy.ts
 * records, so every survey page (form, notice, thanks) knows it without threading props.
 */
export async function isEmbedded(): Promise<boolean> {
  const requested = (await headers()).get(REQUESTED_PATH_HEADER);
  if (!requested) return false;
  return new URL(requested, "http://x").searchParams.get("embed") === "1";
}

/** A survey path with `?embed=1` added (kept across a post and its 303). */
export function embedPath(path: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}embed=1`;
}
