import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { freePort } from "./ports";
import { TSX_NODE_ARGS } from "./server-node";

export const NEXT_BIN = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");

/** scripts/serve.ts: the server of `npm start`, run by Node with tsx. */
export const serveCommand = (dev = false): [string, string[]] => [
  process.execPath,
  [...TSX_NODE_ARGS, path.join(process.cwd(), "scripts", "serve.ts"), ...(dev ? ["--dev"] : [])],
];

/** The environment of `next build`: production, and no telemetry (nor its notice). */
export const nextBuildEnv = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  ...env,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
});

/**
 * `next build` into $NEXT_DIST_DIR (default .next); true when it succeeded. `typecheck: false`
 * (`npm start`) leaves the type check to `npm test`, which runs tsc on its own.
 */
export function buildNext(env: NodeJS.ProcessEnv, opts: { typecheck?: boolean } = {}): boolean {
  const buildEnv = { ...nextBuildEnv(env), ...(opts.typecheck === false ? { FORMHOUSE_BUILD_TYPECHECK: "off" } : {}) };
  return spawnSync(process.execPath, [NEXT_BIN, "build"], { stdio: "inherit", env: buildEnv }).status === 0;
}

export type RunningServer = { baseUrl: string; env: NodeJS.ProcessEnv; process: ChildProcess; stop: () => void };

/**
 * The server of `npm start` (scripts/serve.ts) over the existing build, on a free loopback
 * port, for tests and benchmarks: its own APP_URL and a throw-away session secret.
 * Resolves once /api/ready answers 200 (database reachable, migrations current, workers running).
 */
export async function startNextServer(opts: {
  databaseUrl: string;
  env?: Record<string, string | undefined>;
  logs?: boolean;
  /** Any free port when unset (TEST_PORT pins the suite's main server). */
  port?: number;
  /**
   * Where people reach it, when not at its own port: the balancer in front of several instances
   * (which then share `env.NEXTAUTH_SECRET`, so a session works on each).
   */
  appUrl?: string;
}): Promise<RunningServer> {
  const port = opts.port ?? (Number(process.env.TEST_PORT) || (await freePort()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const appUrl = opts.appUrl ?? baseUrl;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...opts.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: opts.databaseUrl,
    APP_URL: appUrl,
    NEXTAUTH_URL: appUrl,
    NEXTAUTH_SECRET: opts.env?.NEXTAUTH_SECRET ?? randomBytes(32).toString("base64url"),
    HOST: "127.0.0.1",
    PORT: String(port),
    BASE_URL: baseUrl,
  };
  const [cmd, args] = serveCommand();
  const child = spawn(cmd, args, { env, stdio: ["ignore", "ignore", opts.logs ? "inherit" : "ignore"] });
  const stop = () => void child.kill("SIGTERM");
  try {
    await waitForHealthy(`${baseUrl}/api/ready`, 60_000);
  } catch (err) {
    stop();
    throw err;
  }
  return { baseUrl, env, process: child, stop };
}

async function waitForHealthy(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}
