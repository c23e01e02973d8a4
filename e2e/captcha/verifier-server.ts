import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { TEST_CAPTCHA_PASS, TEST_CAPTCHA_SECRET } from "./verifier-rules";

/**
 * The suite's stand-in for Turnstile's and hCaptcha's verify endpoints, a process of its own
 * (scripts/lib/captcha-verifier.ts starts it; the test runner's own loop is blocked while
 * Playwright runs): a form post of `secret` and `response` answers `{ "success": true }` when the
 * secret is the test one and the response starts with `pass-`, as their APIs answer. Prints its
 * port as one JSON line.
 */
const server = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
  req.on("end", () => {
    const form = new URLSearchParams(body);
    const success =
      req.method === "POST" && form.get("secret") === TEST_CAPTCHA_SECRET && (form.get("response") ?? "").startsWith(TEST_CAPTCHA_PASS);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(success ? { success: true } : { success: false, "error-codes": ["invalid-input-response"] }));
  });
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
