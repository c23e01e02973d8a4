import "server-only";
import { TRPCError } from "@trpc/server";
import { ZodError, type core } from "zod";
import { AppError, MESSAGES, TRPC_STATUS } from "@/lib/errors";
import { formatPath } from "@/lib/values/input-paths";

/** How a surface spells its error body: v1/v2 `{message}`, connector `{error}`. */
export type ErrorKey = "message" | "error";

export type ShapedError = { status: number; body: Record<string, unknown>; headers: Record<string, string> };

/**
 * One readable sentence for a failed validation. Our schemas write full messages that
 * already name the field (`prefills[3].name is required`); zod's defaults get the path.
 */
export function validationMessage(issues: core.$ZodIssue[]): string {
  const issue = issues[0];
  if (!issue) return "Invalid request";
  const where = formatPath(issue.path);
  const root = issue.path[0];
  // Our messages name their field (`too many ids (max 100)`); zod's defaults do not.
  if (!where || (typeof root === "string" && issue.message.includes(root))) return issue.message;
  return `${where}: ${issue.message}`;
}

/**
 * The key of an error body: the surface's, except for a code that has one key on every
 * surface (a bulk delete's 422 is `{error, notFoundIds}`, lib/values/bulk.ts).
 */
const keyFor = (error: AppError, surfaceKey: ErrorKey): ErrorKey => (error.code === "IDS_NOT_FOUND" ? "error" : surfaceKey);

/**
 * Maps any error to the surface's status, body and headers. Unknown errors become a 500
 * with a generic message; their details go to the log only.
 */
export function shapeError(error: unknown, key: ErrorKey, log: (e: unknown) => void): ShapedError {
  const cause = error instanceof TRPCError ? (error.cause ?? error) : error;
  if (cause instanceof AppError) {
    return { status: cause.status, body: { [keyFor(cause, key)]: cause.message, ...cause.details }, headers: cause.headers };
  }
  if (cause instanceof ZodError) {
    return { status: 400, body: { [key]: validationMessage(cause.issues) }, headers: {} };
  }
  if (error instanceof TRPCError) {
    const status = TRPC_STATUS[error.code];
    if (status && status < 500) return { status, body: { [key]: error.message }, headers: {} };
  }
  log(error);
  return { status: 500, body: { [key]: MESSAGES.internal }, headers: {} };
}
