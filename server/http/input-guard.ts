import { AppError } from "@/server/errors";
import { formatPath } from "@/server/services/lib/paths";

/**
 * The rules every input obeys before any schema sees it, on every surface (REST edge, tRPC,
 * server-side callers): what no zod schema should have to repeat and no service can survive.
 * - nesting at most MAX_INPUT_DEPTH levels: recursive code (JSON.stringify, zod) overflows
 *   the stack on a body nested a few thousand levels deep;
 * - no NUL character (U+0000) in any string or key: PostgreSQL's text and jsonb cannot hold it;
 * - no unpaired UTF-16 surrogate (`"\ud800"` in JSON): not Unicode, and jsonb refuses it.
 * A problem is a 400 naming where it is (`prefills[0].name must not contain NUL characters`).
 */

export const MAX_INPUT_DEPTH = 64;

type Path = readonly (string | number)[];

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with one string, or null. */
export function textProblem(text: string): string | null {
  if (text.includes("\0")) return "must not contain NUL characters";
  if (LONE_SURROGATE.test(text)) return "must not contain unpaired UTF-16 surrogates";
  return null;
}

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

/** The first problem of a query string's names and values, or null. */
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
