/**
 * The test suite's mail server: a real SMTP server (smtp-server) on loopback that keeps every
 * message it accepts, with a small HTTP control port for the tests (e2e/mail/mailbox.ts).
 * Started by scripts/test.ts as a child process; prints `{"smtpPort", "controlPort"}` once
 * both listen.
 *
 * It behaves like a real server would in the cases the tests need:
 *   - it requires a login (SINK_USER / SINK_PASSWORD; `POST /password` changes the password
 *     it accepts, so the configured one becomes wrong: 535);
 *   - a recipient whose local part starts with `reject-` is refused with 550 at RCPT;
 *   - `POST /down?ms=N` closes the SMTP port for N milliseconds (connections refused), then
 *     listens again on the same port.
 * Control: `GET /messages` → [{ id, from, to, raw }] in arrival order.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

type Stored = { id: number; from: string; to: string[]; raw: string };
const messages: Stored[] = [];
const user = process.env.SINK_USER ?? "formhouse";
let password = process.env.SINK_PASSWORD ?? "sink-password";

function makeServer(): SMTPServer {
  return new SMTPServer({
    disabledCommands: ["STARTTLS"],
    authOptional: false,
    allowInsecureAuth: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onAuth(auth, _session, cb) {
      if (auth.username === user && auth.password === password) return cb(null, { user: auth.username });
      const err = Object.assign(new Error("Authentication credentials invalid"), { responseCode: 535 });
      cb(err);
    },
    onRcptTo(address, _session, cb) {
      if (/^reject-/i.test(address.address)) {
        return cb(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        messages.push({
          id: messages.length + 1,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        cb();
      });
    },
  });
}

let smtp = makeServer();
const listen = (server: SMTPServer, port: number) =>
  new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port));
  });

async function main() {
  const smtpPort = await listen(smtp, Number(process.env.SINK_SMTP_PORT ?? 0));
  const control = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://sink");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET" && url.pathname === "/messages") return send(200, messages);
    if (req.method === "POST" && url.pathname === "/password") {
      password = url.searchParams.get("value") ?? password;
      return send(200, { ok: true });
    }
    if (req.method === "POST" && url.pathname === "/down") {
      const ms = Math.min(120_000, Number(url.searchParams.get("ms")) || 1000);
      smtp.close(() => {});
      // Close also the connections the client keeps in its pool, as a stopped server would.
      for (const conn of (smtp as unknown as { connections: Set<{ close: () => void }> }).connections ?? []) conn.close();
      setTimeout(() => {
        smtp = makeServer();
        void listen(smtp, smtpPort);
      }, ms);
      return send(200, { ok: true, ms });
    }
    send(404, { message: "unknown control" });
  });
  await new Promise<void>((r) => control.listen(Number(process.env.SINK_CONTROL_PORT ?? 0), "127.0.0.1", r));
  const controlPort = (control.address() as AddressInfo).port;
  process.stdout.write(`${JSON.stringify({ smtpPort, controlPort })}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
