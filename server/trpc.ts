import "server-only";
import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { ZodError } from "zod";
import { db as getDb, type Db } from "@/db";
import {
  accessFromPrincipal,
  checkServiceToken,
  deferredTokenCheck,
  rateLimitHeaders,
  serviceToken,
  type ApiPrincipal,
  type TokenCheck,
} from "./auth/api-token-auth";
import { AppError, ERROR_CODES, MESSAGES } from "@/lib/errors";
import { inputProblem } from "./http/input-guard";
import { authenticateBearer, insufficientScope } from "./oauth/bearer";
import { permissionRefusal, PROCEDURE_PERMISSIONS } from "@/lib/permissions";
import { findMemberGrant } from "./services/members/member-grant";
import type { PendingTokenCheck } from "./services/submissions/query/checking-token";
import type { TokenKind } from "./services/tokens/token-format";
import type { SessionUser } from "./services/users/session-user";

export type Surface = "trpc" | "v1" | "v2" | "connector" | "survey";

export type Context = {
  db: Db;
  headers: Headers;
  surface: Surface;
  /** Headers a middleware wants on the response (rate limit, …); the edges copy them out. */
  resHeaders: Record<string, string>;
  getSession: () => Promise<SessionUser | null>;
  /**
   * Set by an edge that checked the request's input itself (the REST edge must, before
   * trpc-to-openapi sees it): the problem it found, or null. Undefined: `inputGuard` checks the
   * raw input. Either way the problem is answered after authentication (token first, then input).
   */
  inputProblem?: AppError | null;
  /**
   * Set by the MCP edge for an OAuth access token (server/oauth/mcp-bearer.ts): the token
   * builders run this check instead of reading X-SERVICE-TOKEN; scopes, forms, rate limit and
   * the order of refusals stay theirs.
   */
  presetTokenCheck?: () => Promise<TokenCheck>;
};

export type Meta = OpenApiMeta & {
  /** Scope the caller's token needs (v1/v2 API token, connector OAuth access token). */
  scope?: string;
  /** Success status on REST surfaces; default 200. 204 sends no body. */
  successStatus?: 200 | 201 | 202 | 204;
  /** DELETE whose input is a JSON body (bulk delete); documented as a request body. */
  jsonBody?: boolean;
  /** OpenAPI parameter objects the input schema cannot express (e.g. free-form filters). */
  extraParameters?: Record<string, unknown>[];
  /**
   * The error answers of the operation beyond the surface's usual ones, as data: status →
   * the messages it can carry (the first is the example), or a body example.
   */
  errors?: Partial<Record<number, readonly string[] | { description: string; example: Record<string, unknown> }>>;
};

export function createContext(opts: {
  headers: Headers;
  surface: Surface;
  getSession?: () => Promise<SessionUser | null>;
  inputProblem?: AppError | null;
  presetTokenCheck?: () => Promise<TokenCheck>;
}): Context {
  return {
    presetTokenCheck: opts.presetTokenCheck,
    db: getDb(),
    headers: opts.headers,
    surface: opts.surface,
    resHeaders: {},
    getSession: opts.getSession ?? (async () => null),
    inputProblem: opts.inputProblem,
  };
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const cause = error.cause;
      const app = cause instanceof AppError ? cause : undefined;
      return {
        ...shape,
        // Unknown errors never leak their text to clients.
        message: error.code === "INTERNAL_SERVER_ERROR" && !app ? MESSAGES.internal : shape.message,
        data: {
          ...shape.data,
          stack: undefined,
          zodIssues: cause instanceof ZodError ? cause.issues : undefined,
          // The input path an error is about, as data, so the dashboard can show it by its field.
          inputPath: app?.path,
          reason: app?.reason,
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
    throw new TRPCError({ code: ERROR_CODES[cause.code].trpc, message: cause.message, cause });
  }
  return result;
});

/** What every builder starts from. Not exported: a builder adds its authentication, then `inputGuard`. */
const baseProcedure = t.procedure.use(appErrors);

/**
 * The input guard (server/http/input-guard.ts) on every procedure, as the last step of its
 * builder — after authentication, so a caller without a valid token or session learns nothing
 * about inputs. A builder that authenticates is `baseProcedure.use(<its check>).use(inputGuard)`.
 */
const inputGuard = t.middleware(async ({ ctx, getRawInput, next }) => {
  const problem = ctx.inputProblem === undefined ? inputProblem(await getRawInput()) : ctx.inputProblem;
  if (problem) throw problem;
  return next();
});

export const publicProcedure = baseProcedure.use(inputGuard);

/**
 * Respondents' procedures (survey pages and submit endpoints). Their answers are checked field
 * by field by the survey's own validator, which refuses NUL, lone surrogates, deep nesting and
 * unstorable values as a 422 naming each field (issue 10's contract), so the generic input
 * guard, which would answer a bare 400 first, stays out of their way.
 */
export const surveyProcedure = baseProcedure;

/**
 * Dashboard procedures: the signed-in user, and their organization as the tenant, narrowed to
 * the forms they are limited to. Then the role check: the procedure's permission in the one
 * table (lib/permissions.ts), a 403 with its sentence before anything runs. A procedure missing
 * from the table is refused (and fails server/routers/app/permissions.test.ts).
 */
export const sessionProcedure = baseProcedure
  .use(async ({ ctx, path, next }) => {
    const session = await ctx.getSession();
    if (!session) throw new AppError("UNAUTHORIZED", MESSAGES.signIn);
    const permission = PROCEDURE_PERMISSIONS[path];
    if (!permission || permission === "public") throw new Error(`${path} has no permission in lib/permissions.ts`);
    const member = session.member === undefined ? await findMemberGrant(ctx.db, session) : session.member;
    if (!member) throw new AppError("UNAUTHORIZED", MESSAGES.notAMember);
    const refusal = permissionRefusal(member, permission);
    if (refusal) throw new AppError("FORBIDDEN", refusal);
    return next({ ctx: { session, member, access: { organizationId: session.organizationId, formIds: member.formIds } } });
  })
  .use(inputGuard);

/**
 * What a passed token check means for the request: the rate-limit headers on the
 * response, then the scope named in the procedure's meta (403 without it).
 */
function admitToken(ctx: Context, meta: Meta | undefined, kind: TokenKind, { principal, rateLimit }: TokenCheck): ApiPrincipal {
  Object.assign(ctx.resHeaders, rateLimitHeaders(rateLimit));
  const scope = meta?.scope;
  if (scope && !principal.scopes.includes(scope)) {
    throw new AppError("FORBIDDEN", kind === "v1" ? MESSAGES.v1Scope : MESSAGES.v2Scope(scope));
  }
  return principal;
}

/**
 * REST procedures authenticated by `X-SERVICE-TOKEN`, checked in this order (e2e/api/v2/hostile-input.spec.ts,
 * 'the token is checked before the body …'): header
 * and format (serviceToken, no database), validity and rate limit (one statement), the scope
 * (admitToken), then the input guard and the input's schema, so an unauthenticated request
 * learns nothing about inputs. The tenant (the token's organization, narrowed to its forms)
 * goes on `ctx.access`.
 */
export const apiTokenProcedure = (kind: TokenKind) =>
  baseProcedure
    .use(async ({ ctx, meta, next }) => {
      const check = ctx.presetTokenCheck
        ? await ctx.presetTokenCheck()
        : await checkServiceToken(ctx.db, serviceToken(ctx.headers.get("x-service-token"), kind), kind);
      const principal = admitToken(ctx, meta, kind, check);
      return next({ ctx: { principal, access: accessFromPrincipal(principal) } });
    })
    .use(inputGuard);

/**
 * apiTokenProcedure for a read that need not wait for the token check (the check is a round
 * trip of its own). Once the header is well-formed the procedure starts at once with the check
 * under way on `ctx.tokenCheck` (PendingTokenCheck) instead of an access: its first statement
 * may take the check into itself (querySubmissionsCheckingToken: page 1 of a listing, one round
 * trip for both); otherwise the check runs on its own, started on the event loop's next turn
 * (the procedure reaches its first statement without any I/O, so one that can carry the check
 * has taken it by then), and the procedure awaits `tokenCheck.access`, the checked access. The
 * answer is the check's first: a 400/401/429/403 (the hit counted as always) is the response,
 * and the procedure's result, data or error, is dropped unseen; only a passed check lets it
 * through. So a revoked or rate-limited token never gets data, and the answers and their order
 * are apiTokenProcedure's (server/auth/overlapped-token-check.test.ts). A mutation starts only
 * once its token is good. Nothing is cached: every request checks its token.
 */
export const apiTokenOverlappedProcedure = (kind: TokenKind) =>
  baseProcedure
    .use(async ({ ctx, meta, type, next }) => {
      if (ctx.presetTokenCheck) {
        // Checked first, nothing to overlap: the MCP edge's OAuth token.
        const principal = admitToken(ctx, meta, kind, await ctx.presetTokenCheck());
        const preset: PendingTokenCheck = { take: () => null, access: Promise.resolve(accessFromPrincipal(principal)) };
        return next({ ctx: { tokenCheck: preset } });
      }
      const token = serviceToken(ctx.headers.get("x-service-token"), kind);
      const check = deferredTokenCheck(ctx.db, token, kind);
      const admitted = check.result.then((c) => admitToken(ctx, meta, kind, c));
      if (type !== "query") {
        check.start();
        await admitted; // a mutation starts only once its token is good
      } else {
        setImmediate(check.start);
      }
      const access = admitted.then(accessFromPrincipal);
      access.catch(() => {}); // a failed check is answered below, not by whoever awaits this
      const tokenCheck: PendingTokenCheck = { take: check.take, access };
      const result = next({ ctx: { tokenCheck } });
      // A procedure that took the check and ended without settling it fails it: no hang.
      result.then(check.finish, check.finish);
      await admitted;
      return result;
    })
    .use(inputGuard);

/**
 * Connector procedures (`/connector`), authenticated by an OAuth access token
 * (`Authorization: Bearer`): 401 with `WWW-Authenticate: Bearer`, then the connection's rate
 * limit (429), then the scope named in the meta (403). The tenant is the grant's organization;
 * `ctx.grant` says which connection (client, user, grant) is calling.
 */
export const oauthProcedure = baseProcedure
  .use(async ({ ctx, meta, next }) => {
    const { grant, rateLimit } = await authenticateBearer(ctx.db, ctx.headers.get("authorization"));
    Object.assign(ctx.resHeaders, rateLimitHeaders(rateLimit));
    if (meta?.scope && !grant.scopes.includes(meta.scope)) throw insufficientScope(meta.scope);
    return next({ ctx: { grant, access: { organizationId: grant.organizationId, formIds: grant.formIds } } });
  })
  .use(inputGuard);
