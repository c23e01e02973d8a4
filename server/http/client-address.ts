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
  const entry = clientEntry(headers, trustedProxies);
  return entry ? clientKey(entry) : "unknown";
}

/** The X-Forwarded-For entry of the client, chosen as clientAddress explains; undefined without one. */
function clientEntry(headers: Headers, trustedProxies: number): string | undefined {
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Fewer entries than trusted proxies: the request bypassed them; its first entry is the peer.
  return chain[chain.length - 1 - trustedProxies] ?? chain[0];
}

/**
 * The client's whole address, normalised (an IPv4-mapped IPv6 address as IPv4), for the
 * audit log: the same entry clientAddress counts, not narrowed to a /64. Null when unknown.
 */
export function clientIp(headers: Headers, trustedProxies: number): string | null {
  const entry = clientEntry(headers, trustedProxies);
  if (!entry) return null;
  const host = hostOf(entry);
  return ipaddr.isValid(host) ? ipaddr.process(host).toString() : null;
}

// Some proxies add a port: `203.0.113.7:5123`, `[2001:db8::1]:443`.
const hostOf = (entry: string) => entry.replace(/^\[([^\]]+)\](?::\d+)?$/, "$1").replace(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/, "$1");

/** A normalised address (IPv4, or an IPv6 /64); anything unparsable counts as one client. */
export function clientKey(entry: string): string {
  const host = hostOf(entry);
  if (!ipaddr.isValid(host)) return "invalid";
  const address = ipaddr.process(host);
  if (address.kind() === "ipv4") return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}
