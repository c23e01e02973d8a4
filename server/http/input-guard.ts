import "server-only";
import { AppError } from "@/lib/errors";
import { formatPath } from "@/lib/values/input-paths";
import { textProblem } from "@/lib/values/text";

/**
 * The rules every input obeys before any schema sees it, on every surface (REST edge, tRPC,
 * server-side callers): what no zod schema should have to repeat and no service can survive.
 * - nesting at most MAX_INPUT_DEPTH levels: recursive code (JSON.stringify, zod) overflows
 *   the stack on a body nested a few thousand levels deep;
 * - no NUL character (U+0000) and no unpaired UTF-16 surrogate in any string or key
 *   (lib/values/text.ts: PostgreSQL cannot store them).
 * A problem is a 400 naming where it is (`prefills[0].name must not contain NUL characters`).
 * Query parameters an operation does not read are not checked (they are ignored, as any other
 * bad value in them); free-form ones (filters) are checked where they are read.
 */

export const MAX_INPUT_DEPTH = 64;

type Path = readonly (string | number)[];

function bad(path: Path, problem: string): AppError {
  return new AppError("BAD_REQUEST", `${formatPath(path) || "input"} ${problem}`, { path, reason: problem });
}

export const tooDeep = () => new AppError("BAD_REQUEST", `Request body is nested too deeply (max ${MAX_INPUT_DEPTH} levels)`);

/**
 * The first problem of a parsed input (JSON body, tRPC input), in document order, or null.
 * Recursion stops at MAX_INPUT_DEPTH, so the walk itself cannot overflow.
 */
export function inputProblem(value: unknown, path: Path = [], depth = 0): AppError | null {
  if (typeof value === "string") {
    const problem = textProblem(value);
    return problem ? bad(path, problem) : null;
  }
  if (typeof value !== "object" || value === null) return null;
  if (depth >= MAX_INPUT_DEPTH) return tooDeep();
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = inputProblem(value[i], [...path, i], depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = textProblem(key);
    if (keyProblem) return bad([...path, key], `${keyProblem} in its name`);
    const problem = inputProblem(item, [...path, key], depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** The first problem of a query string's names and values (those the operation reads), or null. */
export function queryProblem(search: URLSearchParams): AppError | null {
  for (const [key, value] of search) {
    const keyProblem = textProblem(key);
    if (keyProblem) return bad([key], `${keyProblem} in its name`);
    const problem = textProblem(value);
    if (problem) return bad([key], problem);
  }
  return null;
}

/** A path parameter as written in the URL (percent-encoded): its problem once decoded, or null. */
export function pathParamProblem(name: string, raw: string): AppError | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return bad([name], "is not valid percent-encoded UTF-8");
  }
  const problem = textProblem(value);
  return problem ? bad([name], problem) : null;
}
