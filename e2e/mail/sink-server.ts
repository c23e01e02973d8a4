/**
 * The test suite's mail server: a real SMTP server on loopback (scripts/lib/local-smtp.ts) that
 * keeps every message it accepts, with a small HTTP control port for the tests
 * (e2e/mail/mailbox.ts). Started by scripts/test.ts as a child process; prints
 * `{"smtpPort", "controlPort"}` once both listen.
 *
 * It behaves like a real server would in the cases the tests need:
 *   - it requires a login (SINK_USER / SINK_PASSWORD); `POST /password?value=…` changes the
 *     password it accepts, so the configured one becomes wrong (535);
 *   - a recipient whose local part starts with `reject-` is refused with 550 at RCPT;
 *   - `POST /down?ms=N` closes the SMTP port for N milliseconds (connections refused), then
 *     listens again on the same port.
 * Control: `GET /messages` → [{ id, from, to, raw }] in arrival order.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { startLocalSmtp } from "../../scripts/lib/local-smtp";

let password = process.env.SINK_PASSWORD ?? "sink-password";

async function main() {
  const smtp = await startLocalSmtp({ login: { user: process.env.SINK_USER ?? "formhouse", password: () => password } });
  const control = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://sink");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET" && url.pathname === "/messages")
      return send(
        200,
        smtp.received.map((m, i) => ({ id: i + 1, ...m })),
      );
    if (req.method === "POST" && url.pathname === "/password") {
      password = url.searchParams.get("value") ?? password;
      return send(200, { ok: true });
    }
    if (req.method === "POST" && url.pathname === "/down") {
      const ms = Math.min(120_000, Number(url.searchParams.get("ms")) || 1000);
      void smtp.stop().then(() => setTimeout(() => void smtp.restart(), ms));
      return send(200, { ok: true, ms });
    }
    send(404, { message: "unknown control" });
  });
  await new Promise<void>((r) => control.listen(0, "127.0.0.1", r));
  const controlPort = (control.address() as AddressInfo).port;
  process.stdout.write(`${JSON.stringify({ smtpPort: smtp.port, controlPort })}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
