import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { Agent, request } from "undici";
import { checkedAddresses, guardedConnector, RefusedTargetError, refusalReason, type Resolve } from "./target-guard";

const strict = { allowPrivate: false };
const dev = { allowPrivate: true };

test("only public unicast addresses pass by default", () => {
  const refused: [string, RegExp][] = [
    ["127.0.0.1", /loopback/],
    ["127.255.0.9", /loopback/],
    ["10.1.2.3", /private/],
    ["172.16.0.1", /private/],
    ["192.168.1.1", /private/],
    ["169.254.1.1", /link-local/],
    ["169.254.169.254", /cloud metadata/],
    ["100.64.0.1", /carrier-grade NAT/],
    ["100.100.100.200", /cloud metadata/],
    ["168.63.129.16", /cloud metadata/],
    ["224.0.0.1", /multicast/],
    ["0.0.0.0", /unspecified/],
    ["255.255.255.255", /broadcast/],
    ["192.0.2.10", /reserved/],
    ["240.0.0.1", /reserved/],
    ["::1", /loopback/],
    ["::", /unspecified/],
    ["fe80::1", /link-local/],
    ["fc00::1", /private/],
    ["fd00:ec2::254", /cloud metadata/],
    ["ff02::1", /multicast/],
    ["::ffff:127.0.0.1", /127\.0\.0\.1 is a loopback/],
    ["::ffff:a9fe:a9fe", /169\.254\.169\.254 is a cloud metadata/],
    ["::127.0.0.1", /127\.0\.0\.1 is a loopback/],
    ["64:ff9b::7f00:1", /not a public address/],
    ["2002:7f00:1::", /not a public address/],
  ];
  for (const [ip, reason] of refused) assert.match(refusalReason(ip, strict) ?? "allowed", reason, ip);
  for (const ip of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) {
    assert.equal(refusalReason(ip, strict), null, ip);
  }
});

test("WEBHOOK_ALLOW_PRIVATE_TARGETS allows loopback and private ranges, never link-local, metadata or the rest", () => {
  for (const ip of ["127.0.0.1", "10.0.0.1", "192.168.0.1", "::1", "fd12::1", "::ffff:192.168.0.1"]) {
    assert.equal(refusalReason(ip, dev), null, ip);
  }
  const refused = [
    ...["169.254.169.254", "169.254.1.1", "fe80::1", "fd00:ec2::254"],
    ...["100.64.0.1", "0.0.0.0", "224.0.0.1", "::ffff:169.254.169.254"],
  ];
  for (const ip of refused) {
    assert.notEqual(refusalReason(ip, dev), null, ip);
  }
});

test("decimal, hex, octal and short IPv4 spellings and bracketed IPv6 are judged as the address they mean", async () => {
  const cases: [string, RegExp][] = [
    ["http://2130706433/", /127\.0\.0\.1 is a loopback/],
    ["http://0x7f000001/", /127\.0\.0\.1 is a loopback/],
    ["http://0177.0.0.1/", /127\.0\.0\.1 is a loopback/],
    ["http://127.1/", /127\.0\.0\.1 is a loopback/],
    ["http://0xA9FEA9FE/latest/meta-data", /169\.254\.169\.254 is a cloud metadata/],
    ["http://[::ffff:127.0.0.1]:8080/", /127\.0\.0\.1 is a loopback/],
    ["https://[::1]/", /::1 is a loopback/],
  ];
  for (const [url, reason] of cases) {
    await assert.rejects(
      checkedAddresses(new URL(url).hostname, strict),
      (e: unknown) => e instanceof RefusedTargetError && reason.test(e.message),
      url,
    );
  }
});

test("a host name is resolved and every address must pass", async () => {
  const hosts: Record<string, string[]> = { "mixed.test": ["93.184.216.34", "10.0.0.5"], "public.test": ["93.184.216.34", "2606:4700::1"] };
  const resolve = async (host: string) => hosts[host] ?? [];
  assert.deepEqual(await checkedAddresses("public.test", strict, resolve), ["93.184.216.34", "2606:4700::1"]);
  await assert.rejects(checkedAddresses("mixed.test", strict, resolve), /mixed\.test resolves to 10\.0\.0\.5, which is a private address/);
  await assert.rejects(checkedAddresses("nothing.test", strict, resolve), /nothing\.test could not be resolved/);
  await assert.rejects(
    checkedAddresses("down.test", strict, async () => Promise.reject(new Error("ENOTFOUND"))),
    /down\.test could not be resolved/,
  );
  // The system resolver: localhost is loopback.
  await assert.rejects(checkedAddresses("localhost", strict), /localhost resolves to .* loopback/);
});

/** A local server that counts the connections it accepts. */
async function countingServer() {
  let connections = 0;
  const server = http.createServer((req, res) => res.end(`hello ${req.headers.host}`));
  server.on("connection", () => connections++);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return { port: (server.address() as AddressInfo).port, connections: () => connections, close: () => new Promise((r) => server.close(r)) };
}

test("the connector refuses at connect time: a name that now resolves to 127.0.0.1 (DNS rebinding) and a literal", async () => {
  const server = await countingServer();
  const resolve = async () => ["127.0.0.1"];
  const agent = new Agent({ connect: guardedConnector(strict, resolve) });
  try {
    for (const url of [`http://rebind.test:${server.port}/`, `http://127.0.0.1:${server.port}/`, `http://2130706433:${server.port}/`]) {
      await assert.rejects(
        request(url, { dispatcher: agent }),
        (e: unknown) => e instanceof RefusedTargetError && /127\.0\.0\.1.*loopback/.test(e.message),
        url,
      );
    }
    assert.equal(server.connections(), 0);
  } finally {
    await agent.close();
    await server.close();
  }
});

test("the connector dials the checked address and keeps the host name in the request", async () => {
  const server = await countingServer();
  const agent = new Agent({ connect: guardedConnector(dev, async () => ["127.0.0.1"]) });
  try {
    const res = await request(`http://hooks.example.test:${server.port}/`, { dispatcher: agent });
    assert.equal(res.statusCode, 200);
    assert.equal(await res.body.text(), `hello hooks.example.test:${server.port}`);
    assert.equal(server.connections(), 1);
  } finally {
    await agent.close();
    await server.close();
  }
});

test("a refusal says whether the operator may allow it: loopback and private yes, metadata and link-local never", async () => {
  const refusal = (host: string, resolve?: Resolve) =>
    checkedAddresses(host, strict, resolve).then(
      () => assert.fail(`${host} passed`),
      (err: RefusedTargetError) => err,
    );
  for (const host of ["127.0.0.1", "10.1.2.3", "[::1]", "[fd12::1]"]) assert.equal((await refusal(host)).operatorMayAllow, true, host);
  for (const host of ["169.254.169.254", "169.254.1.1", "100.64.0.1", "0.0.0.0"]) {
    assert.equal((await refusal(host)).operatorMayAllow, false, host);
  }
  const byName = await refusal("intranet.test", async () => ["192.168.1.20"]);
  assert.equal(byName.message, "intranet.test resolves to 192.168.1.20, which is a private address");
  assert.equal(byName.operatorMayAllow, true);
});
