import "server-only";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { buildConnector } from "undici";

/**
 * The SSRF guard: which addresses a webhook may reach. Checked when a webhook is saved (the
 * URL's literal address, or every address its host resolves to) and again by the connector
 * of every connection, on the address actually dialled — so a host that resolves elsewhere
 * later (DNS rebinding) is refused too. URLs are parsed by the WHATWG parser first, which
 * already turns decimal, hex and octal IPv4 spellings (`http://2130706433/`) into dotted form.
 */
export type TargetPolicy = {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: loopback and private ranges allowed (never link-local or metadata). */
  allowPrivate: boolean;
};

/** Resolves a host name to its addresses (node's resolver by default; tests stub it). */
export type Resolve = (host: string) => Promise<string[]>;

/** Cloud metadata services, refused under every policy (AWS IPv6, Alibaba, Azure's wire server). */
const METADATA = new Set(["fd00:ec2::254", "100.100.100.200", "168.63.129.16"]);

const LABELS: Record<string, string> = {
  unspecified: "an unspecified address",
  broadcast: "a broadcast address",
  multicast: "a multicast address",
  linkLocal: "a link-local address",
  loopback: "a loopback address",
  carrierGradeNat: "a carrier-grade NAT address",
  private: "a private address",
  uniqueLocal: "a private address",
  reserved: "a reserved address",
};
const PRIVATE_RANGES = new Set(["loopback", "private", "uniqueLocal"]);

/**
 * A connection or a webhook URL the guard refused; the message names the address and why.
 * `unresolved`: the host has no address at all (not a policy refusal).
 */
export class RefusedTargetError extends Error {
  constructor(
    message: string,
    readonly unresolved = false,
    /** A loopback or private address: one the operator may allow (WEBHOOK_ALLOW_PRIVATE_TARGETS). */
    readonly operatorMayAllow = false,
  ) {
    super(message);
    this.name = "RefusedTargetError";
  }
}

/** Why `ip` may not be reached under `policy`, or null when it may. */
export function refusalReason(ip: string, policy: TargetPolicy): string | null {
  if (!ipaddr.isValid(ip)) return `${ip} is not an IP address`;
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
  const addr = ipaddr.process(ip);
  const shown = addr.toString();
  if (METADATA.has(shown) || shown === "169.254.169.254") return `${shown} is a cloud metadata address`;
  const range = addr.range();
  if (range === "unicast") {
    // The deprecated IPv4-compatible form (::a.b.c.d) reads as unicast but embeds an IPv4 address.
    const compatible = addr.kind() === "ipv6" && (addr as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0);
    return compatible ? `${shown} is a reserved address` : null;
  }
  if (policy.allowPrivate && PRIVATE_RANGES.has(range)) return null;
  return `${shown} is ${LABELS[range] ?? "not a public address"}`;
}

const defaultResolve: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** A URL's host without the brackets of an IPv6 literal. */
const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * The addresses a connection to `host` may use: the literal itself, or every address it
 * resolves to. Throws RefusedTargetError when any of them is refused (a host that mixes
 * public and private addresses is not trusted with either) or the name does not resolve.
 */
export async function checkedAddresses(hostname: string, policy: TargetPolicy, resolve: Resolve = defaultResolve): Promise<string[]> {
  const host = bareHost(hostname);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new RefusedTargetError(`${host} could not be resolved`, true);
  }
  for (const address of addresses) {
    const reason = refusalReason(address, policy);
    if (!reason) continue;
    const message = isIP(host) ? reason : `${host} resolves to ${reason.replace(/^(\S+) is/, "$1, which is")}`;
    throw new RefusedTargetError(message, false, refusalReason(address, { allowPrivate: true }) === null);
  }
  return addresses;
}

/**
 * An undici connector that dials only checked addresses: it resolves the host itself, checks
 * every address, and connects to the first one, keeping the host name for TLS (SNI and the
 * certificate check). undici would skip a custom `lookup` for literal IPs; this never does.
 */
export function guardedConnector(policy: TargetPolicy, resolve: Resolve = defaultResolve, timeoutMs = 10_000): buildConnector.connector {
  const connect = buildConnector({ timeout: timeoutMs });
  return (options, callback) => {
    checkedAddresses(options.hostname, policy, resolve).then(
      ([address]) => connect({ ...options, hostname: address! }, callback),
      (error: Error) => callback(error, null),
    );
  };
}
