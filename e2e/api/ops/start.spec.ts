import { spawn } from "node:child_process";
import { freePort } from "../../../scripts/lib/ports";
import { expect, test } from "../../fixtures";
import { freshDatabase } from "../fresh-database";

/** `npm start` as an operator runs it: scripts/start.ts in its own process. */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: { ...process.env, APP_URL: "", NEXTAUTH_SECRET: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

test("npm start refuses a bad configuration with a message naming the variable", async () => {
  const run = start({ PORT: "not-a-port" });
  expect(await run.exited).toBe(1);
  expect(run.output()).toContain("PORT must be a number");
  const schedule = start({ WEBHOOK_RETRY_SCHEDULE: "5,soon" });
  expect(await schedule.exited).toBe(1);
  expect(schedule.output()).toContain("WEBHOOK_RETRY_SCHEDULE must be seconds separated by commas");
});

test("npm start serves on PORT with DATABASE_URL, and links default to http://localhost:$PORT", async () => {
  test.setTimeout(60_000);
  const port = await freePort();
  // A database of its own: its webhook worker must not take part in other tests' deliveries.
  const database = await freshDatabase();
  const run = start({ PORT: String(port), DATABASE_URL: database.url });
  try {
    let healthy = false;
    for (let i = 0; i < 100 && !healthy; i++) {
      await new Promise((r) => setTimeout(r, 300));
      healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    }
    expect(healthy, run.output()).toBe(true);
    const doc = await (await fetch(`http://127.0.0.1:${port}/api/v2/openapi.json`)).json();
    expect(doc.servers[0].url).toBe(`http://localhost:${port}/api/v2`);
    // The webhook worker runs inside the web server.
    for (let i = 0; i < 50 && !run.output().includes('"msg":"webhook worker started"'); i++) await new Promise((r) => setTimeout(r, 200));
    expect(run.output()).toContain('"msg":"webhook worker started"');
  } finally {
    run.child.kill("SIGTERM");
    await run.exited;
    await database.drop();
  }
});
