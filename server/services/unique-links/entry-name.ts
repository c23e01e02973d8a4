import "server-only";
import { AppError, MESSAGES } from "@/lib/errors";
import { isUniqueViolation } from "@/server/services/lib/db-errors";

/** The unique index that keeps `entry_name` unique per form, also between concurrent requests. */
const ENTRY_NAME_INDEX = "unique_links_form_entry_name_uq";

/** 422 `Duplicate entry_name for this form`; `path` (e.g. `["unique_links", 3, "entry_name"]`) says which item, for UIs. */
export const duplicateEntryName = (path?: readonly (string | number)[]) =>
  new AppError("UNPROCESSABLE", MESSAGES.duplicateEntryName, path ? { path, reason: "is already used by another link of this form" } : {});

/** Runs a write; a clash on the entry_name index becomes that 422, never a 500. */
export async function withEntryNameCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e, ENTRY_NAME_INDEX)) throw duplicateEntryName();
    throw e;
  }
}
