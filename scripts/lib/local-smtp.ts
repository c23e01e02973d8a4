import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/**
 * An SMTP server of a test's own on loopback (smtp-server), for tests that run their own worker
 * on a database of their own: it keeps what it accepts, can require STARTTLS with the test CA's
 * certificate (e2e/fixtures/tls/), refuses `reject-…` recipients with 550, and can be stopped
 * and started again on the same port.
 */
export type LocalSmtp = {
  port: number;
  /** Raw messages accepted, with their envelope, in arrival order. */
  received: { from: string; to: string[]; raw: string }[];
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
};

const tls = (name: string) => readFileSync(path.join(process.cwd(), "e2e", "fixtures", "tls", name));

export type LocalSmtpOptions = {
  starttls?: boolean;
  /** A login it requires; `password()` is read at each login, so a test can make the configured one wrong. */
  login?: { user: string; password: () => string };
  port?: number;
};

export async function startLocalSmtp(opts: LocalSmtpOptions = {}): Promise<LocalSmtp> {
  const received: LocalSmtp["received"] = [];
  const make = () =>
    new SMTPServer({
      authOptional: !opts.login,
      // No reverse DNS of each client: loopback needs none, and an unreachable resolver would stall every connection.
      disableReverseLookup: true,
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, cb) {
        if (opts.login && auth.username === opts.login.user && auth.password === opts.login.password())
          return cb(null, { user: auth.username });
        cb(Object.assign(new Error("Authentication credentials invalid"), { responseCode: 535 }));
      },
      ...(opts.starttls ? { key: tls("localhost-key.pem"), cert: tls("localhost.pem") } : { disabledCommands: ["STARTTLS"] }),
      onRcptTo(address, _session, cb) {
        if (/^reject-/i.test(address.address)) {
          return cb(
            Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }),
          );
        }
        cb();
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          cb();
        });
      },
    });
  let server = make();
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port));
    });
  const port = await listen(opts.port ?? 0);
  return {
    port,
    received,
    async stop() {
      for (const conn of (server as unknown as { connections: Set<{ close: () => void }> }).connections ?? []) conn.close();
      await new Promise<void>((r) => server.close(() => r()));
    },
    async restart() {
      server = make();
      await listen(port);
    },
  };
}
