import { execFile } from "node:child_process";
import { expect } from "../fixtures";

/**
 * The admin CLI as an operator runs it: `npm run --silent admin -- …` in a child process,
 * on the same database as the server under test (DATABASE_URL from `npm test`).
 */
export type CliResult = { code: number; stdout: string; stderr: string };

export function cli(...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      "npm",
      ["run", "--silent", "admin", "--", ...args],
      { cwd: process.cwd(), env: process.env, timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === "number" ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Success: exit 0, exactly one JSON object on one line of stdout, nothing on stderr. */
export function json(r: CliResult): any {
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  expect(r.stdout.endsWith("\n")).toBe(true);
  expect(r.stdout.trim().split("\n")).toHaveLength(1);
  return JSON.parse(r.stdout);
}

/** Failure: the given exit code, the message on stderr, nothing on stdout. */
export function failed(r: CliResult, code: number, message: string) {
  expect(r.stdout).toBe("");
  expect(r.code).toBe(code);
  expect(r.stderr).toContain(`error: ${message}\n`);
}
