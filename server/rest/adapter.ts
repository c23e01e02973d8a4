import "server-only";
import type { AnyRouter } from "@trpc/server";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { createContext, type Context, type Meta, type Surface } from "@/server/trpc";
import type { SessionUser } from "@/server/services/users/session-user";
import { inputProblem, pathParamProblem, queryProblem } from "@/server/http/input-guard";
import { readBodyText } from "@/server/http/read-body";
import { logError } from "@/server/log";
import { shapeError, type ErrorKey } from "./errors";

/** Request bodies above this (1 MiB, a limit of our own) are refused with 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The edge's own answers about a body (the OpenAPI documents list them too). */
export const BODY_MESSAGES = {
  tooLarge: `Request body too large (max ${MAX_BODY_BYTES / 1024 / 1024} MB)`,
  notJson: "Request body must be JSON (Content-Type: application/json)",
  invalidJson: "Request body is not valid JSON",
} as const;

type RequestState = { ctx?: Context; error?: unknown; procedure?: string; inputProblem?: AppError | null; headers: Headers };
/**
 * What the library reads of a request: method, url (path and query), query, body, the
 * content type through `headers.get`, and `signal` — which it takes from a fetch Request as
 * is, and otherwise gets by building a whole Request from a Node request (~0.1 ms). So the
 * library gets the route's own Request, with our parsed parts in front of it (a Proxy, as the
 * library's fetch adapter does); `formhouse` carries this request's state to createContext.
 */
type LibraryRequestParts = {
  method: string;
  url: string;
  headers: Pick<Headers, "get">;
  body?: unknown;
  query: Record<string, unknown[]>;
  formhouse: RequestState;
};
type FakeReq = Request & LibraryRequestParts;

/** The library insists on a JSON content type for POST/PATCH even without a body. */
const JSON_CONTENT_TYPE: Pick<Headers, "get"> = { get: (name) => (name.toLowerCase() === "content-type" ? "application/json" : null) };

function libraryRequest(request: Request, parts: LibraryRequestParts): FakeReq {
  return new Proxy(request, {
    get: (target, prop) => (Object.hasOwn(parts, prop) ? parts[prop as keyof LibraryRequestParts] : Reflect.get(target, prop)),
  }) as FakeReq;
}

export type RestSurfaceOptions = {
  router: AnyRouter;
  /** URL prefix the surface is mounted on, e.g. `/api/v2`. */
  prefix: string;
  surface: Exclude<Surface, "trpc">;
  errorKey: ErrorKey;
  getSession?: () => Promise<SessionUser | null>;
};

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return jsonText(status, JSON.stringify(body), headers);
}

function jsonText(status: number, text: string, headers: Record<string, string>): Response {
  if (status === 204) return new Response(null, { status, headers });
  return new Response(text, {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

/** Reads at most MAX_BODY_BYTES; anything larger is refused before it is parsed. */
export const readBody = (request: Request): Promise<string> =>
  readBodyText(request, MAX_BODY_BYTES, () => new AppError("PAYLOAD_TOO_LARGE", BODY_MESSAGES.tooLarge));

async function parseJsonBody(request: Request): Promise<unknown> {
  const text = await readBody(request);
  if (text.trim() === "") return undefined;
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type.trim())) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", BODY_MESSAGES.notJson);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", BODY_MESSAGES.invalidJson);
  }
}

/**
 * A query string as the library reads `req.query`: values by key, on an object without a
 * prototype, so `?constructor=1` is a parameter like any other. `__proto__` cannot be a key of
 * the input object the library builds: it is ignored, as Next.js already does before us.
 */
function queryRecord(search: URLSearchParams): Record<string, unknown[]> {
  const query: Record<string, unknown[]> = Object.create(null);
  search.forEach((v, k) => {
    if (k !== "__proto__") (query[k] ??= []).push(v);
  });
  return query;
}

/**
 * The REST edge for one surface: trpc-to-openapi's handler, built once, with the gaps
 * of trpc-to-openapi closed around it (each pinned by server/rest/adapter.test.ts) — our error shapes, DELETE bodies, JSON-only bodies
 * with a size limit, 201/204 from procedure meta, and response headers from the context.
 *
 * Input is checked here, before the library sees it (it re-serialises bodies and reads query
 * keys off a plain object): the body's 413/415/invalid JSON, then the input guard on path
 * parameters, query and body. The first problem is not answered here but handed to the
 * procedure on its context, which answers it after authentication — the token first, then
 * input — and the library gets an empty input instead.
 */
export function createRestHandler(opts: RestSurfaceOptions): (request: Request) => Promise<Response> {
  const routes = routeTable(opts.router);

  const handler = createOpenApiNodeHttpHandler({
    router: opts.router,
    createContext: ({ req }: { req: FakeReq }) => {
      const state = req.formhouse;
      state.ctx = createContext({
        // The request's own headers.
        headers: state.headers,
        surface: opts.surface,
        getSession: opts.getSession,
        inputProblem: state.inputProblem ?? null,
      });
      return state.ctx;
    },
    onError: ({ error, req, path }: { error: unknown; req: FakeReq; path?: string }) => {
      req.formhouse.error = error;
      req.formhouse.procedure = path;
    },
    // Status and headers are set by our wrapper below; the library's defaults are replaced.
    responseMeta: () => ({}),
  } as never) as unknown as (req: FakeReq, res: unknown) => Promise<void>;

  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname.slice(opts.prefix.length) || "/";
    const method = request.method.toUpperCase();
    const state: RequestState = { headers: request.headers };
    const log = (e: unknown) => logError(`${opts.surface} request failed`, e, { method, path, procedure: state.procedure });
    try {
      let body: unknown;
      let problem: AppError | null = null;
      if (BODY_METHODS.has(method)) {
        try {
          body = await parseJsonBody(request);
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          problem = e;
        }
      }
      const route = matchRoute(routes, method, path);
      for (const [name, raw] of Object.entries(route?.params ?? {})) problem ??= pathParamProblem(name, raw);
      const query = route ? readQuery(route.reads, url.searchParams) : { kept: url.searchParams, checked: url.searchParams };
      problem ??= queryProblem(query.checked) ?? inputProblem(body);
      state.inputProblem = problem;
      const search = problem ? new URLSearchParams() : query.kept;
      if (problem) body = undefined;

      const parts: LibraryRequestParts = {
        method,
        url: path + url.search,
        headers: BODY_METHODS.has(method) ? JSON_CONTENT_TYPE : request.headers,
        formhouse: state,
        query: queryRecord(search),
      };

      if (method === "DELETE") {
        // The library reads DELETE input from the query only: hand it the JSON body there.
        // Values are wrapped in 1-item arrays, which the library unwraps again.
        const query = parts.query;
        if (body && typeof body === "object" && !Array.isArray(body)) {
          for (const [k, v] of Object.entries(body)) query[k] = [v];
        }
        for (const [k, v] of Object.entries(query)) query[k] = v.length === 1 ? v : [v];
        parts.body = undefined;
      } else if (BODY_METHODS.has(method)) {
        parts.body = body ?? {};
      }
      const req = libraryRequest(request, parts);

      const captured = await new Promise<{ status: number; body: string | undefined }>((resolve, reject) => {
        const res = {
          statusCode: 200,
          setHeader: () => {},
          end(payload?: string) {
            resolve({ status: this.statusCode, body: payload });
          },
        };
        handler(req, res).catch(reject);
      });

      const resHeaders = state.ctx?.resHeaders ?? {};
      // A procedure whose builder lacks the input guard would have run on the empty input:
      // its problem is still the answer.
      const error = state.error ?? (problem && captured.status < 400 ? problem : undefined);
      if (error !== undefined || captured.status >= 400) {
        const shaped = shapeError(error ?? new AppError("INTERNAL", "unknown"), opts.errorKey, log);
        return json(shaped.status, shaped.body, { ...resHeaders, ...shaped.headers });
      }
      const status = route?.meta.successStatus ?? 200;
      // The library's body is already JSON.stringify's output: sent as is (parsing and
      // stringifying it again gave the same bytes).
      return jsonText(status, captured.body ?? "null", resHeaders);
    } catch (error) {
      const shaped = shapeError(error, opts.errorKey, log);
      return json(shaped.status, shaped.body, { ...(state.ctx?.resHeaders ?? {}), ...shaped.headers });
    }
  };
}

/** The query parameters an operation reads: those its input names, and any other when it takes free-form ones. */
type Reads = { named: ReadonlySet<string> | "all"; freeForm: boolean };

type Route = { method: string; pattern: RegExp; meta: Meta; reads: Reads };

function readsOf(input: unknown): Reads {
  if (!(input instanceof z.ZodObject)) return { named: "all", freeForm: false };
  return { named: new Set(Object.keys(input.shape)), freeForm: input._zod.def.catchall !== undefined };
}

/**
 * The query as the operation gets it (`kept`) and the part the input guard checks (`checked`).
 * A parameter the operation does not read is dropped, as its schema would drop it: ignored,
 * whatever it holds. Free-form ones (filters) are kept and checked where they are read
 * (lib/filters/filters.ts), since only that code knows which it ignores.
 */
function readQuery(reads: Reads, search: URLSearchParams): { kept: URLSearchParams; checked: URLSearchParams } {
  const kept = new URLSearchParams();
  const checked = new URLSearchParams();
  for (const [key, value] of search) {
    if (reads.named === "all" || reads.named.has(key)) {
      kept.append(key, value);
      checked.append(key, value);
    } else if (reads.freeForm) kept.append(key, value);
  }
  return { kept, checked };
}

/**
 * (method, path pattern, meta) of every REST procedure, built once: to find a success status
 * and the path parameters to check. Patterns match as the library's do (case-insensitive).
 */
function routeTable(router: AnyRouter): Route[] {
  const procedures = router._def.procedures as Record<string, { _def: { meta?: Meta; inputs?: unknown[] } }>;
  return Object.values(procedures).flatMap(({ _def: { meta, inputs } }) => {
    const api = meta?.openapi;
    if (!meta || !api) return [];
    const template = api.path.replace(/\/$/, "").replace(/\{(.+?)\}/g, "(?<$1>[^/]+)");
    return [{ method: api.method, pattern: new RegExp(`^${template}/?$`, "i"), meta, reads: readsOf(inputs?.[0]) }];
  });
}

/** The route of a request and its path parameters as written (still percent-encoded). */
function matchRoute(routes: Route[], method: string, path: string): (Route & { params: Record<string, string> }) | undefined {
  for (const route of routes) {
    if (route.method !== method) continue;
    const match = route.pattern.exec(path);
    if (match) return { ...route, params: { ...match.groups } };
  }
  return undefined;
}
