import { defineConfig } from "@playwright/test";
import { chromiumExecutable } from "./e2e/chromium";

/** Started by `npm test` (scripts/test.ts), which provides BASE_URL and DATABASE_URL. */
export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  workers: process.env.PW_WORKERS ? Number(process.env.PW_WORKERS) : 2,
  retries: 0,
  timeout: 30_000,
  // A bound on waiting, not a speed check: a sign-in on a loaded 2-core machine can take
  // longer than Playwright's default 5 s to render the next page.
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: process.env.BASE_URL,
    trace: "off",
  },
  projects: [
    { name: "api", testDir: "./e2e/api" },
    // Several instances of the server, a balancer, a PostgreSQL of their own: on the first target only (scripts/test.ts).
    { name: "cluster", testDir: "./e2e/cluster", timeout: 180_000 },
    {
      name: "ui",
      testDir: "./e2e/ui",
      use: {
        browserName: "chromium",
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: chromiumExecutable(),
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
          ],
        },
      },
    },
  ],
});
