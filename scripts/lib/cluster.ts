import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "./ports";
import { startNextServer, type RunningServer } from "./next-server";

/**
 * Several instances of the server (scripts/serve.ts) on one database, and the HAProxy of
 * deploy/haproxy.cfg in front of them, for the cluster tests: each instance on a port of its own
 * that survives its restarts, all sharing one session secret and the balancer's address as APP_URL.
 */
export type Instance = { port: number; server: RunningServer; exited: Promise<number | null> };

/** The haproxy binary, or null when this machine has none (CI installs Debian's: .ci/run). */
export function haproxyBinary(): string | null {
  const r = spawnSync("sh", ["-c", "command -v haproxy || ls /usr/sbin/haproxy"], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim().split("\n")[0]! : null;
}

export class Cluster {
  readonly instances: Instance[] = [];
  private haproxy?: ChildProcess;
  private readonly statsSocket = path.join(os.tmpdir(), `formhouse-haproxy-${randomBytes(4).toString("hex")}.sock`);
  readonly secret = randomBytes(32).toString("base64url");
  /** What HAProxy printed. */
  balancerOutput = "";

  private constructor(
    readonly databaseUrl: string,
    readonly balancerPort: number,
    readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.balancerPort}`;
  }

  /** `n` instances on `databaseUrl` with `env` (and what a balanced deployment sets: TRUST_PROXY, SHUTDOWN_DRAIN_MS). */
  static async start(databaseUrl: string, n: number, env: Record<string, string> = {}): Promise<Cluster> {
    const c = new Cluster(databaseUrl, await freePort(), { TRUST_PROXY: "1", SHUTDOWN_DRAIN_MS: "3000", ...env });
    // Distinct ports: a port is only known to be free, not held, until its server binds it.
    const ports: number[] = [];
    while (ports.length < n) {
      const port = await freePort();
      if (port !== c.balancerPort && !ports.includes(port)) ports.push(port);
    }
    // One at a time: three Next servers starting together on two cores take longer than one after another.
    for (const port of ports) c.instances.push(await c.startInstance(port));
    return c;
  }

  private async startInstance(port: number): Promise<Instance> {
    const server = await startNextServer({
      databaseUrl: this.databaseUrl,
      port,
      appUrl: this.url,
      env: { ...this.env, NEXTAUTH_SECRET: this.secret },
      logs: Boolean(process.env.SERVER_LOGS),
    });
    const exited = new Promise<number | null>((resolve) => {
      if (server.process.exitCode !== null) resolve(server.process.exitCode);
      server.process.once("exit", (code) => resolve(code));
    });
    return { port, server, exited };
  }

  /** HAProxy with the shipped configuration, plus a stats socket for the test to read. */
  async startBalancer(binary: string): Promise<void> {
    const extra = path.join(os.tmpdir(), `formhouse-haproxy-${randomBytes(4).toString("hex")}.cfg`);
    writeFileSync(extra, `global\n    stats socket ${this.statsSocket} level admin\n`);
    const env: NodeJS.ProcessEnv = { ...process.env, FORMHOUSE_BIND: `127.0.0.1:${this.balancerPort}` };
    // The shipped file names three instances; a smaller cluster points the rest at its first one.
    for (let i = 0; i < 3; i++) env[`FORMHOUSE_APP${i + 1}`] = `127.0.0.1:${(this.instances[i] ?? this.instances[0]!).port}`;
    const child = spawn(binary, ["-db", "-f", path.resolve("deploy/haproxy.cfg"), "-f", extra], { env, stdio: ["ignore", "pipe", "pipe"] });
    this.haproxy = child;
    child.stdout.on("data", (d) => (this.balancerOutput += d));
    child.stderr.on("data", (d) => (this.balancerOutput += d));
    if (process.env.SERVER_LOGS) child.stderr.pipe(process.stderr);
    await this.waitUntil(
      "HAProxy to see every instance up",
      async () => {
        if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}):\n${this.balancerOutput}`);
        // Every server up (no stats yet means HAProxy is still starting), and the frontend answers.
        const states = await this.serverStates();
        if (states.length !== 3 || !states.every((s) => s === "UP")) return false;
        return (await fetch(`${this.url}/api/health`).catch(() => null))?.status === 200;
      },
      20_000,
      () => this.balancerOutput,
    );
  }

  /** `show stat` of the backend's servers: their state (UP, DOWN, …) in app1…app3 order. */
  async serverStates(): Promise<string[]> {
    const rows = await this.stats();
    return rows.filter((r) => r.pxname === "formhouse" && r.svname?.startsWith("app")).map((r) => r.status!.split(" ")[0]!);
  }

  /** Requests each server was sent (`stot`), app1…app3. */
  async requestsPerServer(): Promise<number[]> {
    const rows = await this.stats();
    return rows.filter((r) => r.pxname === "formhouse" && r.svname?.startsWith("app")).map((r) => Number(r.stot));
  }

  private async stats(): Promise<Record<string, string>[]> {
    const text = await new Promise<string>((resolve, reject) => {
      let out = "";
      const s = connect(this.statsSocket, () => s.end("show stat\n"));
      s.on("data", (d) => (out += d));
      s.on("end", () => resolve(out));
      s.on("error", reject);
    }).catch(() => "");
    const [header, ...lines] = text.trim().split("\n");
    if (!header) return [];
    const keys = header.replace(/^# /, "").split(",");
    return lines.map((l) => Object.fromEntries(l.split(",").map((v, i) => [keys[i]!, v])));
  }

  /** SIGTERM to instance `i`; resolves with its exit code. */
  async stop(i: number): Promise<number | null> {
    const inst = this.instances[i]!;
    inst.server.process.kill("SIGTERM");
    return inst.exited;
  }

  /** SIGKILL to instance `i`. */
  async kill(i: number): Promise<void> {
    const inst = this.instances[i]!;
    inst.server.process.kill("SIGKILL");
    await inst.exited;
  }

  /** Starts instance `i` again on its port; resolves once HAProxy sends it requests again. */
  async restart(i: number): Promise<void> {
    this.instances[i] = await this.startInstance(this.instances[i]!.port);
    if (this.haproxy)
      await this.waitUntil(`HAProxy to see app${i + 1} up again`, async () => (await this.serverStates())[i] === "UP", 20_000);
  }

  async waitUntil(what: string, check: () => Promise<boolean>, ms: number, output: () => string = () => ""): Promise<void> {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}${output() ? `; haproxy said:\n${output()}` : ""}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async close(): Promise<void> {
    this.haproxy?.kill("SIGTERM");
    for (const inst of this.instances) inst.server.process.kill("SIGKILL");
    await Promise.all(this.instances.map((i) => i.exited));
  }
}
