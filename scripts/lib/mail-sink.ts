import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { TSX_NODE_ARGS } from "./server-node";

export type MailSink = { smtpUrl: string; controlUrl: string; stop: () => void };

const USER = "formhouse";
const PASSWORD = "sink-password";

/**
 * The suite's mail server (e2e/mail/sink-server.ts) as a child process: answers the SMTP_URL
 * the server under test sends through, with its login, and the control URL the tests read.
 */
export async function startMailSink(): Promise<MailSink> {
  const child = spawn(process.execPath, [...TSX_NODE_ARGS, path.join(process.cwd(), "e2e", "mail", "sink-server.ts")], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, SINK_USER: USER, SINK_PASSWORD: PASSWORD },
  });
  const stop = () => void child.kill("SIGTERM");
  const ports = await new Promise<{ smtpPort: number; controlPort: number }>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the mail sink exited (${code}) before it listened`)));
    createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
  });
  return {
    smtpUrl: `smtp://${USER}:${PASSWORD}@127.0.0.1:${ports.smtpPort}`,
    controlUrl: `http://127.0.0.1:${ports.controlPort}`,
    stop,
  };
}
