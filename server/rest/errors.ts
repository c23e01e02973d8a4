import { TRPCError } from "@trpc/server";
import { ZodError, type core } from "zod";
import { AppError, MESSAGES } from "@/server/errors";
import { fieldPath } from "@/server/routers/shared/body";

/** How a surface spells its error body (spec §7.1): v1/v2 `{message}`, connector `{error}`. */
export type ErrorKey = "message" | "error";

export type ShapedError = { status: number; body: Record<string, unknown>; headers: Record<string, string> };

const TRPC_STATUS: Partial<Record<TRPCError["code"], number>> = {
  PARSE_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
};

/**
 * One readable sentence for a failed validation. Our schemas write full messages that
 * already name the field (`prefills[3].name is required`); zod's defaults get the path.
 */
export function validationMessage(issues: core.$ZodIssue[]): string {
  const issue = issues[0];
  if (!issue) return "Invalid request";
  const where = fieldPath(issue.path);
  const root = issue.path[0];
  // Our messages name their field (`too many ids (max 100)`); zod's defaults do not.
  if (!where || (typeof root === "string" && issue.message.includes(root))) return issue.message;
  return `${where}: ${issue.message}`;
}

/**
 * Maps any error to the surface's status, body and headers. Unknown errors become a 500
 * with a generic message; their details go to the log only.
 */
export function shapeError(error: unknown, key: ErrorKey, log: (e: unknown) => void): ShapedError {
  const cause = error instanceof TRPCError ? (error.cause ?? error) : error;
  if (cause instanceof AppError) {
    const k = cause.extra.errorKey ? "error" : key;
    return {
      status: cause.status,
      body: { [k]: cause.message, ...cause.extra.body },
      headers: cause.extra.headers ?? {},
    };
  }
  if (cause instanceof ZodError) {
    return { status: 400, body: { [key]: validationMessage(cause.issues) }, headers: {} };
  }
  if (error instanceof TRPCError) {
    const status = TRPC_STATUS[error.code];
    if (status) return { status, body: { [key]: error.message }, headers: {} };
  }
  log(error);
  return { status: 500, body: { [key]: MESSAGES.internal }, headers: {} };
}
