import { initTRPC, TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import type { OpenApiMeta } from "trpc-to-openapi";
import { ZodError } from "zod";
import { db as getDb, type Db } from "@/db";
import { authenticateApiToken, rateLimitHeaders, type ApiPrincipal } from "./auth/api-token-auth";
import type { TokenKind } from "./auth/tokens";
import { AppError, MESSAGES, type AppErrorCode } from "./errors";

export type Surface = "trpc" | "v1" | "v2" | "connector" | "survey";

/** The signed-in dashboard user (from the next-auth session). */
export type SessionUser = { userId: number; organizationId: number; email: string; name: string };

export type Context = {
  db: Db;
  headers: Headers;
  surface: Surface;
  /** Headers a middleware wants on the response (rate limit, …); the edges copy them out. */
  resHeaders: Record<string, string>;
  getSession: () => Promise<SessionUser | null>;
};

export type Meta = OpenApiMeta & {
  /** Scope an API token needs (v1/v2 surfaces). */
  scope?: string;
  /** Success status on REST surfaces; default 200. 204 sends no body. */
  successStatus?: 200 | 201 | 204;
  /** DELETE whose input is a JSON body (bulk delete); documented as a request body. */
  jsonBody?: boolean;
  /** OpenAPI parameter objects the input schema cannot express (e.g. free-form filters). */
  extraParameters?: Record<string, unknown>[];
};

export function createContext(opts: {
  headers: Headers;
  surface: Surface;
  getSession?: () => Promise<SessionUser | null>;
}): Context {
  return {
    db: getDb(),
    headers: opts.headers,
    surface: opts.surface,
    resHeaders: {},
    getSession: opts.getSession ?? (async () => null),
  };
}

const TRPC_CODE: Record<AppErrorCode, TRPC_ERROR_CODE_KEY> = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  METHOD_NOT_ALLOWED: "METHOD_NOT_SUPPORTED",
  // tRPC has no 410; the edges read the status from the AppError cause.
  GONE: "PRECONDITION_FAILED",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  UNPROCESSABLE: "UNPROCESSABLE_CONTENT",
  CONFLICT: "CONFLICT",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
  INTERNAL: "INTERNAL_SERVER_ERROR",
};

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const cause = error.cause;
      return {
        ...shape,
        // Unknown errors never leak their text to clients.
        message: error.code === "INTERNAL_SERVER_ERROR" && !(cause instanceof AppError) ? MESSAGES.internal : shape.message,
        data: {
          ...shape.data,
          stack: undefined,
          zodIssues: cause instanceof ZodError ? cause.issues : undefined,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Services throw AppError; turn it into a TRPCError with the matching code, cause kept. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODE[cause.code], message: cause.message, cause });
  }
  return result;
});

export const publicProcedure = t.procedure.use(appErrors);

export const sessionProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const session = await ctx.getSession();
  if (!session) throw new AppError("UNAUTHORIZED", "Sign in to continue");
  return next({ ctx: { session } });
});

/**
 * REST procedures authenticated by `X-SERVICE-TOKEN` (spec §5.1). Checks run in the spec's
 * order: header, format, validity, rate limit, then the scope named in the procedure's meta.
 * Runs before input validation, so an unauthenticated request learns nothing about inputs.
 */
export const apiTokenProcedure = (kind: TokenKind) =>
  publicProcedure.use(async ({ ctx, meta, next }) => {
    const { principal, rateLimit } = await authenticateApiToken(ctx.db, ctx.headers.get("x-service-token"), kind);
    Object.assign(ctx.resHeaders, rateLimitHeaders(rateLimit));
    const scope = meta?.scope;
    if (scope && !principal.scopes.includes(scope)) {
      throw new AppError("FORBIDDEN", kind === "v1" ? MESSAGES.v1Scope : MESSAGES.v2Scope(scope));
    }
    return next({ ctx: { principal: principal as ApiPrincipal } });
  });
