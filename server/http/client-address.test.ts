import assert from "node:assert/strict";
import { test } from "node:test";
import { clientAddress, clientIp, clientKey } from "./client-address";

const xff = (value: string | null) => new Headers(value === null ? {} : { "x-forwarded-for": value });

test("without trusted proxies the client is the peer our server appended, whatever the client wrote", () => {
  assert.equal(clientAddress(xff("198.51.100.9"), 0), "198.51.100.9");
  assert.equal(clientAddress(xff("1.2.3.4, 5.6.7.8, 198.51.100.9"), 0), "198.51.100.9");
});

test("with TRUST_PROXY=n, the address the outermost trusted proxy saw", () => {
  // client-written, then what proxy 1 saw, then the proxy itself (our peer)
  assert.equal(clientAddress(xff("6.6.6.6, 203.0.113.7, 10.0.0.2"), 1), "203.0.113.7");
  assert.equal(clientAddress(xff("6.6.6.6, 203.0.113.7, 10.0.0.3, 10.0.0.2"), 2), "203.0.113.7");
  // A request that bypassed the proxy: only its peer.
  assert.equal(clientAddress(xff("198.51.100.9"), 1), "198.51.100.9");
  assert.equal(clientAddress(xff(null), 1), "unknown");
});

test("addresses are normalised: IPv4-mapped IPv6 is IPv4, IPv6 counts per /64, ports go", () => {
  assert.equal(clientKey("::ffff:192.0.2.1"), "192.0.2.1");
  assert.equal(clientKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), "2001:db8:1:2::/64");
  assert.equal(clientKey("2001:0db8:0001:0002::1"), "2001:db8:1:2::/64");
  assert.equal(clientKey("[2001:db8:1:2::5]:443"), "2001:db8:1:2::/64");
  assert.equal(clientKey("203.0.113.7:5123"), "203.0.113.7");
  assert.equal(clientKey("not an address"), "invalid");
  assert.equal(clientKey("x".repeat(8000)), "invalid");
});

test("clientIp: the whole address of the same entry, normalised; null when there is none", () => {
  assert.equal(clientIp(xff("6.6.6.6, 203.0.113.7:5123, 10.0.0.2"), 1), "203.0.113.7");
  assert.equal(clientIp(xff("[2001:db8:1:2:3:4:5:6]:443"), 0), "2001:db8:1:2:3:4:5:6");
  assert.equal(clientIp(xff("::ffff:198.51.100.9"), 0), "198.51.100.9");
  assert.equal(clientIp(xff("not an address"), 0), null);
  assert.equal(clientIp(xff(null), 0), null);
});
