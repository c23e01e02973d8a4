import { TRPCClientError } from "@trpc/client";
import type { AppRouter } from "@/server/routers/app/router";
import { errorMessage } from "@/app/_trpc/errors";

/**
 * A failed mutation's message by the input field it is about (the first key of the path the
 * procedure reports: a zod issue's path or an AppError's inputPath), so a form shows each
 * beside its field; `null` key: about no field.
 */
export function fieldErrors(error: unknown): { byField: Record<string, string>; other: string | null } {
  if (!error) return { byField: {}, other: null };
  const byField: Record<string, string> = {};
  if (error instanceof TRPCClientError) {
    const data = (error as TRPCClientError<AppRouter>).data as
      | { zodIssues?: { message: string; path: (string | number)[] }[]; inputPath?: (string | number)[] }
      | undefined;
    for (const issue of data?.zodIssues ?? []) {
      const key = issue.path[0];
      if (typeof key === "string" && !(key in byField)) byField[key] = issue.message;
    }
    // A service's message names its field as the API writes it ("url is not allowed: …"): kept as written.
    const key = data?.inputPath?.[0];
    if (typeof key === "string" && !(key in byField)) byField[key] = error.message;
  }
  return { byField, other: Object.keys(byField).length ? null : errorMessage(error) };
}
