import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { copyFileSync, cpSync, mkdtempSync, rmSync, statSync, symlinkSync, utimesSync } from "node:fs";
import { createServer, type Server } from "node:net";
import os from "node:os";
import path from "node:path";
import { checkoutSystemDir } from "../../../scripts/lib/pg-binaries";
import { freePort } from "../../../scripts/lib/ports";
import { expect, test } from "../../fixtures";
import { freshDatabase } from "../../../scripts/lib/fresh-database";
import { TSX_NODE_ARGS } from "../../../scripts/lib/server-node";

/**
 * `npm start` as an operator runs it: scripts/start.ts in its own process, printing to a
 * terminal. Output is asserted whole: every failure is exactly one sentence, no stack.
 */
type Run = {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
  waitFor: (text: string, ms?: number) => Promise<void>;
};

function start(env: Record<string, string | undefined>, opts: { cwd?: string; script?: string } = {}): Run {
  const child = spawn(process.execPath, [...TSX_NODE_ARGS, opts.script ?? "scripts/start.ts"], {
    cwd: opts.cwd,
    env: { ...process.env, APP_URL: "", NEXTAUTH_SECRET: "", HOST: "", TRUST_PROXY: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const waitFor = async (text: string, ms = 60_000) => {
    const until = Date.now() + ms;
    while (!output.includes(text)) {
      if (Date.now() > until || child.exitCode !== null) throw new Error(`never printed ${JSON.stringify(text)}; output:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, exited, output: () => output, waitFor };
}

async function stop(run: Run) {
  if (run.child.exitCode === null) run.child.kill("SIGTERM");
  await run.exited;
}

const health = (url: string) =>
  fetch(`${url}/api/health`).then(
    (r) => r.status,
    () => null,
  );

/** An IPv4 address of this machine other than loopback, if it has one. */
const lanAddress = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

test.describe("npm start explains each failure in one sentence", () => {
  test("a bad configuration: one sentence per variable, exit 1", async () => {
    for (const [env, expected] of [
      [{ PORT: "70000" }, "[formhouse] Invalid configuration: PORT must be a port number from 1 to 65535.\n"],
      [{ PORT: "not-a-port" }, "[formhouse] Invalid configuration: PORT must be a port number from 1 to 65535.\n"],
      [
        { WEBHOOK_RETRY_SCHEDULE: "5,soon" },
        "[formhouse] Invalid configuration: WEBHOOK_RETRY_SCHEDULE must be seconds separated by commas, e.g. 5,300,1800.\n",
      ],
      [
        { PORT: "0", TRUST_PROXY: "maybe" },
        "[formhouse] Invalid configuration: PORT must be a port number from 1 to 65535.\n" +
          "[formhouse] Invalid configuration: TRUST_PROXY must be true, false or the number of proxies in front of Formhouse.\n",
      ],
    ] as const) {
      const run = start(env);
      expect(await run.exited).toBe(1);
      expect(run.output()).toBe(expected);
    }
  });

  test("a port that is already in use: one sentence, before any database work", async () => {
    const port = await freePort();
    const blocker = await listen(port, "127.0.0.1");
    try {
      const run = start({ PORT: String(port) });
      expect(await run.exited).toBe(1);
      expect(run.output()).toBe(
        `[formhouse] Port ${port} is already in use on 127.0.0.1: stop the program that uses it, or set PORT to another port.\n`,
      );
    } finally {
      blocker.close();
    }
  });

  test("the server itself explains a port taken after the check, in the same sentence", async () => {
    const port = await freePort();
    const blocker = await listen(port, "127.0.0.1");
    try {
      const run = start({ PORT: String(port) }, { script: "scripts/serve.ts" });
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(
        `[formhouse] Port ${port} is already in use on 127.0.0.1: stop the program that uses it, or set PORT to another port.\n`,
      );
      expect(run.output()).not.toMatch(/\bat .*\.(js|ts):\d+|EADDRINUSE|Error:/);
    } finally {
      blocker.close();
    }
  });

  test("a database that cannot be reached: one sentence", async () => {
    const port = await freePort();
    const run = start({ PORT: String(port), DATABASE_URL: `postgres://formhouse:x@127.0.0.1:${await freePort()}/formhouse` });
    expect(await run.exited).toBe(1);
    expect(run.output()).toBe(
      "[formhouse] Could not reach the PostgreSQL server of DATABASE_URL (connection refused): is it running, on that host and port?\n",
    );
  });
});

test.describe("npm start with DATABASE_URL", () => {
  test(`says where it listens once it does, on loopback only; \
links default to http://localhost:$PORT; the webhook worker runs inside`, async () => {
    test.setTimeout(60_000);
    const port = await freePort();
    // A database of its own: its webhook worker must not take part in other tests' deliveries.
    const database = await freshDatabase();
    const run = start({ PORT: String(port), DATABASE_URL: database.url });
    try {
      await run.waitFor("[formhouse] ready at");
      // Printed once listening: the very first request is answered.
      expect(await health(`http://127.0.0.1:${port}`)).toBe(200);
      expect(run.output()).toContain(`[formhouse] ready at http://localhost:${port} (listening on 127.0.0.1:${port})\n`);
      const doc = await (await fetch(`http://127.0.0.1:${port}/api/v2/openapi.json`)).json();
      expect(doc.servers[0].url).toBe(`http://localhost:${port}/api/v2`);
      const lan = lanAddress();
      if (lan) expect(await health(`http://${lan}:${port}`)).toBeNull();
      for (let i = 0; i < 50 && !run.output().includes('"msg":"outbox workers started"'); i++) await new Promise((r) => setTimeout(r, 200));
      expect(run.output()).toContain('"msg":"outbox workers started"');
      // Mail: the transport named once, after the ready line, without its password.
      const smtp = new URL(process.env.SMTP_URL!);
      expect(run.output()).toContain(
        `[formhouse] mail goes through smtp://${smtp.host} (STARTTLS when offered, with a login), from ${process.env.MAIL_FROM}\n`,
      );
      expect(run.output().split("[formhouse] mail goes through").length).toBe(2);
      expect(run.output()).not.toContain(smtp.password);
      expect(run.output()).not.toContain("SMTP_TLS_ALLOW_UNVERIFIED");
    } finally {
      await stop(run);
      await database.drop();
    }
  });

  test("without SMTP_URL it says once that mail is off and how to get by; SMTP_TLS_ALLOW_UNVERIFIED=true is warned about", async () => {
    test.setTimeout(60_000);
    const port = await freePort();
    const database = await freshDatabase();
    const run = start({ PORT: String(port), DATABASE_URL: database.url, SMTP_URL: "", SMTP_TLS_ALLOW_UNVERIFIED: "true" });
    try {
      await run.waitFor("[formhouse] ready at");
      await run.waitFor("[formhouse] warning:");
      const off =
        `[formhouse] mail is off (SMTP_URL is not set): messages are kept in Settings → Mail (http://localhost:${port}/settings/mail); ` +
        "reset a password with npm run admin -- reset-link --email <address>\n";
      expect(run.output()).toContain(
        `${off}[formhouse] warning: SMTP_TLS_ALLOW_UNVERIFIED is on: the mail server's certificate is not checked\n`,
      );
      expect(run.output().split("mail is off").length).toBe(2);
      expect(run.output()).not.toContain("mail goes through");
    } finally {
      await stop(run);
      await database.drop();
    }
  });

  test("HOST=0.0.0.0 listens on every interface and asks for APP_URL", async () => {
    test.setTimeout(60_000);
    const lan = lanAddress();
    test.skip(!lan, "this machine has no address but loopback");
    const port = await freePort();
    const database = await freshDatabase();
    const run = start({ PORT: String(port), HOST: "0.0.0.0", DATABASE_URL: database.url });
    try {
      await run.waitFor("[formhouse] ready at");
      expect(run.output()).toContain(
        `[formhouse] ready at http://localhost:${port} (listening on 0.0.0.0:${port}, every interface); ` +
          "set APP_URL to the address people reach it at, for the links it builds\n",
      );
      expect(await health(`http://${lan}:${port}`)).toBe(200);
    } finally {
      await stop(run);
      await database.drop();
    }
  });
});

/**
 * A fresh copy of this checkout in a `mktemp -d` (mode 0700: as root, the `postgres` user
 * cannot enter it) with the embedded PostgreSQL: what someone who clones as root gets.
 * node_modules and the build are hard links (the build is not redone).
 */
test.describe.serial("npm start from a fresh clone, with the embedded PostgreSQL", () => {
  let tmp = "";
  let checkout = "";
  let first: Run | undefined;
  let firstUrl = "";
  const root = process.cwd();
  const embedded = { DATABASE_URL: "", EMBEDDED_PG_PORT: "", NEXT_DIST_DIR: "" };

  test.beforeAll(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), "formhouse-clone-"));
    checkout = path.join(tmp, "formhouse");
    const files = spawnSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], { encoding: "utf8" })
      .stdout.split("\0")
      .filter(Boolean);
    for (const f of files) cpSync(f, path.join(checkout, f), { preserveTimestamps: true });
    if (spawnSync("cp", ["-al", path.join(root, "node_modules"), checkout]).status !== 0) {
      symlinkSync(path.join(root, "node_modules"), path.join(checkout, "node_modules"));
    }
    const dist = path.join(checkout, ".next");
    spawnSync("cp", ["-al", path.join(root, process.env.NEXT_DIST_DIR || ".next"), dist]);
    // A fresh BUILD_ID (not a link to ours): newer than every copied source, so no rebuild.
    rmSync(path.join(dist, "BUILD_ID"));
    copyFileSync(path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"), path.join(dist, "BUILD_ID"));
    utimesSync(path.join(dist, "BUILD_ID"), new Date(), new Date());
  });

  test.afterAll(async () => {
    if (first) await stop(first);
    if (process.getuid?.() === 0 && checkout) rmSync(checkoutSystemDir(checkout), { recursive: true, force: true });
    rmSync(tmp, { recursive: true, force: true });
  });

  test("serves /api/health, also as root where the postgres user cannot enter the clone", async () => {
    test.setTimeout(120_000);
    expect(statSync(tmp).mode & 0o777).toBe(0o700);
    const port = await freePort();
    firstUrl = `http://localhost:${port}`;
    first = start({ ...embedded, PORT: String(port) }, { cwd: checkout });
    await first.waitFor("[formhouse] ready at", 110_000);
    expect(await health(`http://127.0.0.1:${port}`)).toBe(200);
    const out = first.output();
    if (process.getuid?.() === 0) {
      const system = path.join(checkoutSystemDir(checkout), "postgres");
      expect(out).toContain(
        `[formhouse] running as root: PostgreSQL runs as the \`postgres\` user, which cannot enter ${checkout}, ` +
          `so its data lives in ${system}\n`,
      );
      expect(out).toContain(`[formhouse] starting embedded PostgreSQL (${system}, port `);
    } else {
      expect(out).toContain("[formhouse] starting embedded PostgreSQL (.data/postgres, port ");
    }
    expect(out).not.toMatch(/Error|EACCES|\n\s+at /);
  });

  test("a second npm start on the same checkout refuses in one sentence; the first keeps serving", async () => {
    const port = await freePort();
    const second = start({ ...embedded, PORT: String(port) }, { cwd: checkout });
    expect(await second.exited).toBe(1);
    expect(second.output()).toBe(
      `[formhouse] Formhouse is already running from this checkout (pid ${first!.child.pid}, ${firstUrl}): ` +
        "stop it first, or give this one a PostgreSQL server of its own with DATABASE_URL.\n",
    );
    expect(await health(firstUrl.replace("localhost", "127.0.0.1"))).toBe(200);
  });

  test("an admin command uses the running server's database", async () => {
    const r = spawnSync(
      process.execPath,
      [...TSX_NODE_ARGS, "scripts/admin.ts", "create-user", "--email", "clone@example.test", "--password", "a long password"],
      {
        cwd: checkout,
        env: { ...process.env, ...embedded },
        encoding: "utf8",
      },
    );
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ userId: expect.any(Number), organizationId: expect.any(Number) });
  });

  test("when the first start is killed, its server goes with it and the next start stops the PostgreSQL it left", async () => {
    test.setTimeout(90_000);
    const port = Number(new URL(firstUrl).port);
    first!.child.kill("SIGKILL");
    await first!.exited;
    // The Next server notices its parent is gone and stops listening.
    for (let i = 0; i < 50 && (await health(`http://127.0.0.1:${port}`)) !== null; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await health(`http://127.0.0.1:${port}`)).toBeNull();

    first = start({ ...embedded, PORT: String(port) }, { cwd: checkout });
    await first.waitFor("[formhouse] ready at", 60_000);
    expect(first.output()).toMatch(/^\[formhouse\] stopping the embedded PostgreSQL an earlier run left behind \(pid \d+\)\n/m);
    expect(await health(`http://127.0.0.1:${port}`)).toBe(200);
  });
});

function listen(port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(port, host, () => resolve(srv));
  });
}
