import { AppError } from "@/lib/errors";
import { UUID_RE } from "./ids";

/** Items in one bulk request: `prefills`, `unique_links`, `ids`. */
export const MAX_BATCH = 100;

/** The ids of a bulk delete without repeats (ids compare case-insensitively), as given. */
export function distinctIds(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  return ids.filter((id) => {
    const key = id.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The ids that can name a row, canonical; text that is not a UUID never reaches a uuid column. */
export const queryableIds = (ids: readonly string[]) => ids.map((id) => id.trim().toLowerCase()).filter((id) => UUID_RE.test(id));

/**
 * Runs the checks of one bulk item. A 400 from them keeps its documented message and gains
 * `item` (e.g. `unique_links[3]`) in the body, so a client can tell which item failed; with
 * `at` (e.g. `["unique_links", 3]`) its input path is prefixed too, for UIs that map a
 * problem back to the row and column it came from.
 */
export function checkBulkItem<T>(item: string, check: () => T, at?: readonly (string | number)[]): T {
  try {
    return check();
  } catch (e) {
    if (e instanceof AppError && e.code === "BAD_REQUEST") {
      const withItem = e.withDetails({ item });
      if (!at || !e.path) throw withItem;
      throw new AppError(e.code, e.message, { details: withItem.details, headers: e.headers, path: [...at, ...e.path], reason: e.reason });
    }
    throw e;
  }
}

/**
 * All-or-nothing bulk delete (`DELETE /api/v2/forms/{form_uuid}/prefills` and `…/unique_links`):
 * when some requested ids were not deleted,
 * throw the 422 `{error, notFoundIds}` (ids as the client wrote them). Thrown inside the
 * transaction, it rolls the deletes back. `path`: the input the ids came from, for UIs that show
 * the problem beside it.
 */
export function assertAllFound(
  requested: readonly string[],
  deleted: readonly string[],
  error: string,
  path?: readonly (string | number)[],
): void {
  const found = new Set(deleted.map((id) => id.toLowerCase()));
  const notFoundIds = requested.filter((id) => !found.has(id.trim().toLowerCase()));
  if (notFoundIds.length) throw new AppError("IDS_NOT_FOUND", error, { details: { notFoundIds }, path });
}
