import "server-only";
import { z } from "zod";
import { MAX_BATCH } from "@/lib/values/bulk";
import { MAX_INT4 } from "@/lib/values/ids";
import { PAGE_SIZE, pageCount } from "@/server/services/lib/pagination";

/**
 * Input and output pieces of the dashboard's prefill and unique-link procedures (tRPC only,
 * never REST, so numbers and booleans are plain zod types here).
 */

/** The form a page works on: its UUID (or numeric id), as the URL's `?form=` holds it. */
export const ZDashboardFormRef = z.string().trim().min(1, { error: "Choose a form" }).max(64).describe("Form UUID or numeric id");

/** A row's numeric id from a list (token, webhook, connection): a PostgreSQL integer, so a bigger number is a 400, not a failed query. */
export const ZDashboardRowId = z.number().int().positive().max(MAX_INT4);

export const ZDashboardPage = z.number().int().min(1).max(1_000_000).default(1).describe("Page number, 1-based, 20 items a page");

/** Free text of the search box; blank means no filter. */
export const ZDashboardSearch = z
  .string()
  .trim()
  .max(255)
  .optional()
  .transform((v) => v || undefined)
  .describe("Case-insensitive partial match");

/** Selected rows of a bulk delete. */
export const ZDashboardIds = z
  .array(z.string().max(64))
  .min(1, { error: "Select at least one row" })
  .max(MAX_BATCH, { error: `Select at most ${MAX_BATCH} rows at a time` })
  .describe(`UUIDs, at most ${MAX_BATCH}`);

export const ZDashboardPageInfo = z.object({
  page: z.number().int(),
  perPage: z.number().int().describe("Always 20"),
  total: z.number().int().describe("Items matching the query, on all pages"),
  totalPages: z.number().int().describe("At least 1"),
});

export const pageInfo = (page: number, total: number) => ({ page, perPage: PAGE_SIZE, total, totalPages: pageCount(total) });
