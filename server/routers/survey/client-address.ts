import ipaddr from "ipaddr.js";

/**
 * The address a submit is counted against. From the connection itself — instrumentation.ts
 * stamps every request with its socket's peer address in PEER_HEADER, overwriting anything
 * the client sent — or, with TRUST_PROXY=true, from the last X-Forwarded-For entry (the one
 * our reverse proxy appended). IPv6 clients count per /64, the block one subscriber gets.
 */
export const PEER_HEADER = "x-formhouse-peer";

export function clientAddress(headers: Headers, trustProxy: boolean): string {
  const raw = trustProxy ? headers.get("x-forwarded-for")?.split(",").at(-1) : headers.get(PEER_HEADER);
  const value = raw?.trim();
  if (!value || !ipaddr.isValid(value)) return "unknown";
  const addr = ipaddr.process(value);
  if (addr.kind() === "ipv4") return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(":")}::/64`;
}
