/**
 * One error type for the whole service. Services throw it; the REST edge and the tRPC
 * error formatter shape it per surface. The code decides the HTTP status, nothing else.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  /** A unique link that no longer takes answers (inactive, expired, completed). */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
} as const;

export type AppErrorCode = keyof typeof ERROR_STATUS;

/** Extra fields merged into the error body (e.g. `notFoundIds`), and response headers. */
export type AppErrorExtra = {
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** When set, the body uses `error` instead of `message` on every surface (bulk-delete 422). */
  errorKey?: boolean;
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly extra: AppErrorExtra = {},
  ) {
    super(message);
    this.name = "AppError";
    this.status = ERROR_STATUS[code];
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** The messages of spec §7.3 that more than one module uses. */
export const MESSAGES = {
  tokenMissing: "Access Token not found",
  tokenMalformed: "Invalid token provided",
  tokenInvalid: "Invalid access token",
  v2Scope: (scope: string) => `You do not have permission to perform this action. Required scope: ${scope}`,
  v1Scope: "You do not have permission to view submissions",
  formNotFound: "Form not found or not authorized",
  submissionNotFound: "Submission not found",
  v1SubmissionNotFound: "Error while fetching the submission",
  rateLimited: "You have exceeded api rate limit",
  internal: "Internal server error",
  formRequired: "form_id or form_uuid is required",
  prefillNotFound: "Prefill not found",
  uniqueLinkNotFound: "Unique link not found",
  duplicateEntryName: "Duplicate entry_name for this form",
  prefillIdsNotFound: "Prefill IDs not found",
  uniqueLinkIdsNotFound: "Unique link IDs not found",
} as const;
