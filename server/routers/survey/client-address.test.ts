import assert from "node:assert/strict";
import { test } from "node:test";
import { clientAddress, PEER_HEADER } from "./client-address";

const h = (entries: Record<string, string>) => new Headers(entries);

test("the socket's address unless TRUST_PROXY; then the last X-Forwarded-For entry", () => {
  const headers = h({ [PEER_HEADER]: "::ffff:192.0.2.7", "x-forwarded-for": "203.0.113.9, 198.51.100.1" });
  assert.equal(clientAddress(headers, false), "192.0.2.7");
  assert.equal(clientAddress(headers, true), "198.51.100.1");
});

test("IPv6 clients count per /64; anything unreadable is one 'unknown' bucket", () => {
  assert.equal(clientAddress(h({ [PEER_HEADER]: "2001:db8:1:2:aaaa::1" }), false), "2001:db8:1:2::/64");
  assert.equal(clientAddress(h({ [PEER_HEADER]: "2001:db8:1:2:ffff::9" }), false), "2001:db8:1:2::/64");
  assert.equal(clientAddress(h({}), false), "unknown");
  assert.equal(clientAddress(h({ "x-forwarded-for": "not an ip" }), true), "unknown");
});
