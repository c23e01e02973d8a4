import assert from "node:assert/strict";
import { test } from "node:test";
import { AppError } from "@/lib/errors";
import { assertAllowedTarget } from "./check-target";

// The default policy (WEBHOOK_ALLOW_PRIVATE_TARGETS unset): loopback and private are refused too.
delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;

test("a webhook URL on a refused address is a 422 about `url`, by default also loopback and private", async () => {
  // Loopback and private addresses say how an operator allows them; the rest can never be allowed, and says nothing of it.
  const allow = " (an operator can allow private addresses with WEBHOOK_ALLOW_PRIVATE_TARGETS=true)";
  const cases: [string, string][] = [
    ["http://127.0.0.1:3000/hook", `url is not allowed: 127.0.0.1 is a loopback address${allow}`],
    ["http://2130706433/", `url is not allowed: 127.0.0.1 is a loopback address${allow}`],
    ["http://0x7f.0.0.1/", `url is not allowed: 127.0.0.1 is a loopback address${allow}`],
    ["https://[::ffff:10.0.0.1]/", `url is not allowed: 10.0.0.1 is a private address${allow}`],
    ["http://192.168.1.20/", `url is not allowed: 192.168.1.20 is a private address${allow}`],
    ["http://[::1]:8080/", `url is not allowed: ::1 is a loopback address${allow}`],
    ["http://169.254.169.254/latest/meta-data/", "url is not allowed: 169.254.169.254 is a cloud metadata address"],
  ];
  for (const [url, message] of cases) {
    await assert.rejects(
      assertAllowedTarget(url),
      (e: unknown) => e instanceof AppError && e.status === 422 && e.message === message && e.path?.join() === "url",
      url,
    );
  }
  await assert.rejects(
    assertAllowedTarget("http://localhost:3000/"),
    (e: unknown) =>
      e instanceof AppError &&
      /^url is not allowed: localhost resolves to .*loopback address \(an operator can allow .*\)$/.test(e.message),
  );
});

test("a public literal address passes", async () => {
  await assertAllowedTarget("https://93.184.216.34/hooks");
  await assertAllowedTarget("https://[2606:4700:4700::1111]/hooks");
});
