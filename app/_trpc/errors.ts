import { TRPCClientError } from "@trpc/client";
import type { AppRouter } from "@/server/routers/app/router";

/** A message fit for a person: the first validation issue, else the server's message. */
export function errorMessage(error: unknown, fallback = "Something went wrong. Please try again."): string {
  if (error instanceof TRPCClientError) {
    const err = error as TRPCClientError<AppRouter>;
    const issues = (err.data as { zodIssues?: { message: string }[] } | undefined)?.zodIssues;
    const msg = issues?.[0]?.message ?? err.message;
    if (!msg || err.data?.code === "INTERNAL_SERVER_ERROR") return fallback;
    // A message that starts with a field path (`prefill_data[0].id …`) keeps it as written.
    return /^[a-z]+[_.[]/.test(msg) ? msg : msg.charAt(0).toUpperCase() + msg.slice(1);
  }
  return fallback;
}

/** The input path and problem a service error is about (AppError data), if it has them. */
export function errorAt(error: unknown): { path?: readonly (string | number)[]; reason?: string } | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data = (error as TRPCClientError<AppRouter>).data as { inputPath?: (string | number)[]; reason?: string } | undefined;
  return data?.inputPath ? { path: data.inputPath, reason: data.reason } : null;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof TRPCClientError && (error as TRPCClientError<AppRouter>).data?.code === "UNAUTHORIZED";
}

/** The call was refused: the member's role does not allow it (403). */
export function isForbidden(error: unknown): boolean {
  return error instanceof TRPCClientError && (error as TRPCClientError<AppRouter>).data?.code === "FORBIDDEN";
}

/** Every input-validation issue of a failed call (zod's path and message), else []. */
export function errorIssues(error: unknown): { path: (string | number)[]; message: string }[] {
  if (!(error instanceof TRPCClientError)) return [];
  const issues = (error as TRPCClientError<AppRouter>).data as { zodIssues?: { path: (string | number)[]; message: string }[] } | undefined;
  return issues?.zodIssues ?? [];
}
