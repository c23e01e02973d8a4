/**
 * `npm run bench:edge`: what the REST edge costs on top of the work it calls. One form with
 * BENCH_EDGE_ROWS (1,000) submissions is enough: the edge's cost does not depend on the data.
 *
 * Prints medians (BENCH_RUNS, default 30, after BENCH_WARMUP) of:
 *   in-process: the page-1 service call, the token check, the v2 procedure through a tRPC
 *               caller, and the whole REST handler (adapter + trpc-to-openapi) on a Request
 *   over HTTP:  GET /api/ready, page 1 of GET /api/v2/submissions and the same page as an MCP
 *               query_submissions call (one tools/call POST to /mcp) against `next start`
 *               (build dir NEXT_DIST_DIR, default .next-bench, rebuilt unless SKIP_BUILD=1)
 * and the edge's overhead: HTTP page 1 − health − in-process page 1; with a baseline build,
 * also HTTP page 1 − health of both builds (fair when a change made the service itself faster).
 *
 * DATABASE_URL is used when set, else a throw-away embedded PostgreSQL (BENCH_TARGET=debian:
 * a throw-away cluster of Debian's packaged PostgreSQL, JIT on).
 */
import os from "node:os";
import { eq, sql } from "drizzle-orm";
import { createDb } from "../db";
import { runMigrations } from "../db/migrate";
import { forms, organizations } from "../db/schema";
import { authenticateApiToken } from "../server/auth/api-token-auth";
import { accessForOrganization } from "../server/services/forms/access";
import { querySubmissions } from "../server/services/submissions/query/entry";
import { resolveSort } from "../server/services/submissions/sort";
import { V2_SCOPES } from "../lib/scopes/token-scopes";
import { createApiToken } from "../server/services/tokens/create-token";
import { startThrowawayPostgres } from "./lib/embedded-db";
import { targetBinDir } from "./lib/debian-postgres";
import { interleaved, medianOf } from "./lib/interleaved";
import { buildNext, startNextServer, type RunningServer } from "./lib/next-server";
import { dropBenchOrganization } from "./lib/bench-teardown";

const ROWS = Number(process.env.BENCH_EDGE_ROWS) || 1_000;
const RUNS = Number(process.env.BENCH_RUNS) || 30;
const WARMUP = Number(process.env.BENCH_WARMUP) || 5;

process.env.API_RATE_LIMIT_MAX = "1000000000";

async function main() {
  let url = process.env.DATABASE_URL;
  let stopDb = async () => {};
  if (!url) {
    const pg = await startThrowawayPostgres("bench-edge", { binDir: targetBinDir("BENCH_TARGET") });
    url = pg.url;
    stopDb = pg.stop;
  }
  process.env.DATABASE_URL = url;
  process.env.APP_URL ??= "http://127.0.0.1:3000";
  await runMigrations(url);
  const db = createDb(url);
  let server: RunningServer | undefined;
  let baseline: RunningServer | undefined;
  let orgId: number | undefined;
  try {
    const [org] = await db.insert(organizations).values({ name: "bench-edge" }).returning({ id: organizations.id });
    orgId = org!.id;
    const [form] = await db
      .insert(forms)
      .values({ organizationId: orgId, name: "Edge bench", elements: [{ id: "q_plan", label: "Plan", type: "short-text" }] })
      .returning({ id: forms.id, uuid: forms.uuid });
    await db.execute(sql`
      insert into submissions (form_id, organization_id, data, duration, created_at, updated_at)
      select ${form!.id}, ${orgId}, jsonb_build_object('q_plan', 'plan-' || g), g % 3600,
        timestamptz '2022-01-01' + g * interval '60 seconds', timestamptz '2022-01-01' + g * interval '61 seconds'
      from generate_series(1, ${ROWS}) g`);
    await db.update(forms).set({ submissionsCount: ROWS }).where(eq(forms.id, form!.id));
    await db.execute(sql`vacuum analyze submissions`);
    const { token } = await createApiToken(db, { organizationId: orgId, kind: "v2", scopes: [...V2_SCOPES] });
    const access = accessForOrganization(orgId);
    const page1 = `/api/v2/submissions?form_uuid=${form!.uuid}`;

    // In-process: the parts, cheapest first. The REST handler is the same code the route runs.
    const { restHandler } = await import("../server/rest/surfaces");
    const { handleMcpRequest } = await import("../server/mcp/handler");
    const { v2Router } = await import("../server/routers/v2/router");
    const { createContext } = await import("../server/trpc");
    const rest = restHandler("v2");
    const headers = { "x-service-token": token };
    const caller = () => v2Router.createCaller(createContext({ headers: new Headers(headers), surface: "v2" }));
    const env = { ...process.env, NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next-bench" };
    if (process.env.SKIP_BUILD !== "1" && !buildNext(env)) throw new Error("next build failed");
    // BENCH_EDGE_PROFILE=<module>: preloaded by the server (e.g. an inspector profiler).
    const profile = process.env.BENCH_EDGE_PROFILE;
    server = await startNextServer({
      databaseUrl: url,
      env: { ...env, API_RATE_LIMIT_MAX: "1000000000", ...(profile ? { NODE_OPTIONS: `--import ${profile}` } : {}) },
    });
    const base = server.baseUrl;
    // BENCH_EDGE_BASELINE=<build dir>: a second server from another build (e.g. the code
    // before a change), its requests taken in turn with this one's: a fair A/B under one load.
    const baselineDir = process.env.BENCH_EDGE_BASELINE;
    if (baselineDir) {
      baseline = await startNextServer({ databaseUrl: url, env: { ...env, NEXT_DIST_DIR: baselineDir, API_RATE_LIMIT_MAX: "1000000000" } });
    }
    const getPage1 = (origin: string) => async () => {
      const res = await fetch(`${origin}${page1}`, { headers });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`page 1: ${res.status} ${text.slice(0, 200)}`);
      return text;
    };

    // The same page as one MCP tools/call (query_submissions), as a connected client sends it: one POST.
    const mcpCall = (origin: string) => async () => {
      const res = await fetch(`${origin}/mcp`, mcpInit(token, form!.uuid));
      const text = await res.text();
      if (res.status !== 200 || !text.includes('"structuredContent"')) throw new Error(`MCP: ${res.status} ${text.slice(0, 200)}`);
      return text;
    };

    const cases: [string, () => Promise<unknown>][] = [
      [
        "in-process: page 1 service (querySubmissions)",
        () => querySubmissions(db, access, { form: { formUuid: form!.uuid }, page: 1, sort: resolveSort(undefined, undefined) }),
      ],
      ["in-process: token check + rate limit", () => authenticateApiToken(db, token, "v2")],
      ["in-process: v2 procedure via tRPC caller", () => caller().submissions.list({ form_uuid: form!.uuid } as never)],
      [
        "in-process: REST handler (adapter + trpc-to-openapi)",
        async () => {
          const res = await rest(new Request(`http://localhost${page1}`, { headers }));
          if (res.status !== 200) throw new Error(`REST handler: ${res.status} ${await res.text()}`);
          return res.text();
        },
      ],
      [
        "in-process: MCP handler (query_submissions)",
        async () => {
          const res = await handleMcpRequest(new Request("http://localhost/mcp", mcpInit(token, form!.uuid)));
          if (res.status !== 200) throw new Error(`MCP handler: ${res.status} ${await res.text()}`);
          return res.text();
        },
      ],
      ["HTTP: GET /api/ready", () => fetch(`${base}/api/ready`).then((r) => r.text())],
      ["HTTP: page 1, created_at desc", getPage1(base)],
      ["HTTP: MCP query_submissions, page 1", mcpCall(base)],
      ...baselineCases(baseline?.baseUrl),
    ];
    const { medians: rows, times } = await interleaved(cases, RUNS, WARMUP);
    function baselineCases(origin: string | undefined): [string, () => Promise<unknown>][] {
      if (!origin) return [];
      return [
        // A baseline is usually an older build, whose /api/health ran the `select 1` that /api/ready runs now.
        ["baseline HTTP: GET /api/ready", () => fetch(`${origin}/api/health`).then((r) => r.text())],
        ["baseline HTTP: page 1, created_at desc", getPage1(origin)],
      ];
    }

    const get = (prefix: string) => rows.find(([n]) => n.startsWith(prefix))![1];
    const runsOf = (prefix: string) => times[rows.findIndex(([n]) => n.startsWith(prefix))]!;
    /** page 1 − health − service, run by run (as npm run bench budgets it): the median. */
    const pairedOverhead = (pagePrefix: string, healthPrefix: string) => {
      const [page, health, service] = [runsOf(pagePrefix), runsOf(healthPrefix), runsOf("in-process: page 1")];
      return medianOf(page.map((t, i) => t - health[i]! - service[i]!));
    };
    const service = get("in-process: page 1");
    const auth = get("in-process: token");
    const health = get("HTTP: GET /api/ready");
    const http = get("HTTP: page 1");
    const width = Math.max(...rows.map(([n]) => n.length));
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    console.log(`\nREST edge (${RUNS} runs after ${WARMUP} warm-up, ${ROWS} submissions, load ${load})`);
    for (const [name, ms] of rows) console.log(`${name.padEnd(width)}  ${ms.toFixed(2).padStart(7)} ms`);
    console.log(
      `${"edge overhead: HTTP page 1 − health − service".padEnd(width)}  ` +
        `${pairedOverhead("HTTP: page 1", "HTTP: GET /api/ready").toFixed(2).padStart(7)} ms` +
        ` (goal ≤ 1 ms; median of each run's difference; of the medians: ${(http - health - service).toFixed(2)} ms)`,
    );
    if (baseline) {
      const overhead = pairedOverhead("baseline HTTP: page 1", "baseline HTTP: GET /api/ready");
      console.log(`${`baseline (${baselineDir}): same overhead`.padEnd(width)}  ${overhead.toFixed(2).padStart(7)} ms`);
      // The service term is this build's; when a change made the service itself faster, the
      // builds compare fairly on what HTTP alone adds to health:
      const baselineHttp = get("baseline HTTP: page 1") - get("baseline HTTP: GET /api/ready");
      const label = "HTTP page 1 − health: this build / baseline".padEnd(width);
      console.log(`${label}  ${(http - health).toFixed(2).padStart(7)} ms / ${baselineHttp.toFixed(2)} ms`);
    }
    console.log(`${"token check alone (in-process)".padEnd(width)}  ${auth.toFixed(2).padStart(7)} ms`);
    const mcp = get("HTTP: MCP query_submissions");
    console.log(
      `${"MCP query_submissions / REST page 1".padEnd(width)}  ${((mcp / http - 1) * 100).toFixed(1).padStart(6)} % ` +
        `(${mcp.toFixed(2)} ms / ${http.toFixed(2)} ms; goal within 10 %)`,
    );
  } finally {
    server?.stop();
    baseline?.stop();
    if (server && process.env.BENCH_EDGE_PROFILE) await new Promise((r) => server!.process.once("exit", r));
    await dropBenchOrganization(db, orgId);
    await db.$client.end();
    await stopDb();
  }
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

/** One MCP tools/call (query_submissions of `formUuid`) as a connected client posts it. */
function mcpInit(token: string, formUuid: string): RequestInit {
  return {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "query_submissions", arguments: { form: formUuid } },
    }),
  };
}
