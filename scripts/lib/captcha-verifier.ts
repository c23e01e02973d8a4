import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { TSX_NODE_ARGS } from "./server-node";

/**
 * The suite's CAPTCHA verifier (e2e/captcha/verifier-server.ts) as a child process, and the
 * environment that points the server under test at it.
 */
export async function startCaptchaVerifier(): Promise<{ env: Record<string, string>; stop: () => void }> {
  const child = spawn(process.execPath, [...TSX_NODE_ARGS, path.join(process.cwd(), "e2e", "captcha", "verifier-server.ts")], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the CAPTCHA verifier exited (${code}) before it listened`)));
    createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    env: { TURNSTILE_VERIFY_URL: `${url}/turnstile`, HCAPTCHA_VERIFY_URL: `${url}/hcaptcha` },
    stop: () => void child.kill("SIGTERM"),
  };
}
