import "server-only";
import { TRPCError } from "@trpc/server";
import { AppError } from "@/lib/errors";

/** The AppError behind a failed survey procedure call (tRPC wraps it as the cause), or null. */
export function appErrorOf(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof TRPCError && error.cause instanceof AppError) return error.cause;
  return null;
}
