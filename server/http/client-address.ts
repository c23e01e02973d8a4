import "server-only";
import ipaddr from "ipaddr.js";

/**
 * Who a request comes from, for per-client limits. Our server (scripts/serve.ts) appends
 * the connecting peer's address to X-Forwarded-For like any proxy, so the last entry is
 * always the peer. With TRUST_PROXY=n, the n proxies in front each appended the address
 * they saw: the client is the entry n places from the end. Entries further left were
 * written by the client and are never believed.
 *
 * IPv6 clients are counted per /64 (one subscriber's network), since anyone with one
 * has 2^64 addresses to rotate through.
 */
export function clientAddress(headers: Headers, trustedProxies: number): string {
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Fewer entries than trusted proxies: the request bypassed them; its first entry is the peer.
  const entry = chain[chain.length - 1 - trustedProxies] ?? chain[0];
  return entry ? clientKey(entry) : "unknown";
}

/** A normalised address (IPv4, or an IPv6 /64); anything unparsable counts as one client. */
export function clientKey(entry: string): string {
  // Some proxies add a port: `203.0.113.7:5123`, `[2001:db8::1]:443`.
  const host = entry.replace(/^\[([^\]]+)\](?::\d+)?$/, "$1").replace(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/, "$1");
  if (!ipaddr.isValid(host)) return "invalid";
  const address = ipaddr.process(host);
  if (address.kind() === "ipv4") return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}
