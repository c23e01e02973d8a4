import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";

/**
 * One error type for the whole service. Services throw it; the REST edge and the tRPC error
 * formatter shape it per surface. This table is the only place a code gets its statuses.
 */
export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, trpc: "BAD_REQUEST" },
  UNAUTHORIZED: { status: 401, trpc: "UNAUTHORIZED" },
  FORBIDDEN: { status: 403, trpc: "FORBIDDEN" },
  NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  /**
   * A unique link that no longer takes answers (inactive, expired, completed), or a mailed account
   * link that was used or expired; tRPC has no 410.
   */
  GONE: { status: 410, trpc: "PRECONDITION_FAILED" },
  CONFLICT: { status: 409, trpc: "CONFLICT" },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: "PAYLOAD_TOO_LARGE" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, trpc: "UNSUPPORTED_MEDIA_TYPE" },
  UNPROCESSABLE: { status: 422, trpc: "UNPROCESSABLE_CONTENT" },
  /** A bulk delete named ids that do not exist: 422 `{error, notFoundIds}` on every surface. */
  IDS_NOT_FOUND: { status: 422, trpc: "UNPROCESSABLE_CONTENT" },
  TOO_MANY_REQUESTS: { status: 429, trpc: "TOO_MANY_REQUESTS" },
  INTERNAL: { status: 500, trpc: "INTERNAL_SERVER_ERROR" },
} as const satisfies Record<string, { status: number; trpc: TRPC_ERROR_CODE_KEY }>;

export type AppErrorCode = keyof typeof ERROR_CODES;

/**
 * The HTTP status of a tRPC error that did not come from an AppError (the library's own, e.g.
 * a parse error): the first code of the table with that tRPC code.
 */
export const TRPC_STATUS: Partial<Record<TRPC_ERROR_CODE_KEY, number>> = { PARSE_ERROR: 400 };
for (const { trpc, status } of Object.values(ERROR_CODES)) TRPC_STATUS[trpc] ??= status;

export type AppErrorOptions = {
  /** Data the body carries beside the message (e.g. `notFoundIds`, the failing bulk `item`). */
  details?: Record<string, unknown>;
  /** Response headers (rate limit, Retry-After). */
  headers?: Record<string, string>;
  /**
   * The input path the error is about (`["prefill_data", 2, "value"]`) and the problem without
   * it, so a UI can show the message beside its field without parsing the text.
   */
  path?: readonly (string | number)[];
  reason?: string;
};

export class AppError extends Error {
  readonly status: number;
  readonly details: Record<string, unknown>;
  readonly headers: Record<string, string>;
  readonly path?: readonly (string | number)[];
  readonly reason?: string;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = "AppError";
    this.status = ERROR_CODES[code].status;
    this.details = options.details ?? {};
    this.headers = options.headers ?? {};
    this.path = options.path;
    this.reason = options.reason;
  }

  /** The same error with more details (e.g. which bulk item it is about). */
  withDetails(details: Record<string, unknown>): AppError {
    return new AppError(this.code, this.message, {
      details: { ...this.details, ...details },
      headers: this.headers,
      path: this.path,
      reason: this.reason,
    });
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** The error messages that more than one module uses (the OpenAPI documents' tables, server/rest/descriptions.ts). */
export const MESSAGES = {
  tokenMissing: "Access Token not found",
  tokenMalformed: "Invalid token provided",
  tokenInvalid: "Invalid access token",
  v2Scope: (scope: string) => `You do not have permission to perform this action. Required scope: ${scope}`,
  v1Scope: "You do not have permission to view submissions",
  formNotFound: "Form not found or not authorized",
  submissionNotFound: "Submission not found",
  v1SubmissionNotFound: "Error while fetching the submission",
  submissionDeleted: "Submission deleted successfully",
  rateLimited: "You have exceeded api rate limit",
  internal: "Internal server error",
  formRequired: "form_id or form_uuid is required",
  prefillNotFound: "Prefill not found",
  uniqueLinkNotFound: "Unique link not found",
  duplicateEntryName: "Duplicate entry_name for this form",
  prefillIdsNotFound: "Prefill IDs not found",
  uniqueLinkIdsNotFound: "Unique link IDs not found",
  signIn: "Sign in to continue",
  notAMember: "You are no longer a member of this organization. Sign in again.",
  connectorTokenMissing: "Access token required (Authorization: Bearer <token>)",
  connectorTokenInvalid: "Invalid or expired access token",
  connectorScope: (scope: string) => `The access token lacks the required scope: ${scope}`,
  connectedAppNotFound: "Connected app not found",
  connectorFormNotFound: "Form not found",
  subscriptionNotFound: "Subscription not found",
  webhookNotFound: "Webhook not found",
  deliveryNotFound: "Delivery not found",
  webhookFormNotPublished: "Form must be published to add webhooks",
  webhookDisabled: "Webhook is disabled; enable it to retry deliveries",
} as const;
