import { AppError } from "@/server/errors";

/**
 * Runs the checks of one bulk item. A 400 from them keeps the spec's message and gains
 * `item` (e.g. `unique_links[3]`) in the body, so a client can tell which item failed.
 */
export function checkBulkItem<T>(item: string, check: () => T): T {
  try {
    return check();
  } catch (e) {
    if (e instanceof AppError && e.code === "BAD_REQUEST") {
      throw new AppError(e.code, e.message, { ...e.extra, body: { ...e.extra.body, item } });
    }
    throw e;
  }
}
