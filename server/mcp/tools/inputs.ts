import "server-only";
import { z } from "zod";

/** Input pieces several tools share. */

export const ZToolFormRef = z.string().max(64).describe("Form UUID or numeric form id (list_forms answers both)");

export const ZToolPage = z.number().int().min(1).max(999_999_999).default(1).describe("Page number, 1-based; 20 items a page");

export const ZToolSubmissionId = z.string().max(64).describe("Submission UUID");
