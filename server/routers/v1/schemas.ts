import "server-only";
import { z } from "zod";
import { PAGE_SIZE } from "@/server/services/lib/pagination";

/** v1 list envelope (`GET /api/v1/forms`, `GET /api/v1/submissions`): counters at the top level, items in `results`. */
export const ZV1List = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int().describe("Items in this page"),
    total_count: z.number().int().describe("Items on all pages"),
    per_page: z.number().int().describe(`Always ${PAGE_SIZE}`),
    page: z.number().int().describe("This page, 1-based"),
    results: z.array(item),
  });

/** The v1 envelope of one page of items. */
export function v1Page<T>(results: T[], totalCount: number, page: number) {
  return { count: results.length, total_count: totalCount, per_page: PAGE_SIZE, page, results };
}
