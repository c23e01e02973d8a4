/*
 * The one way to read a form's submissions: `GET /api/v2/submissions`, `GET /api/v1/submissions`,
 * the dashboard's table and its CSV export all ask querySubmissions, and so does any caller that
 * lists submissions later (the connector, an MCP server).
 */
import "server-only";
import type { Db } from "@/db";
import { AppError, MESSAGES } from "@/lib/errors";
import { getAccessibleFormOrThrow, parseFormRef, type FormAccess } from "@/server/services/forms/access";
import { firstPage } from "./first-page";
import type { ListedForm, SubmissionListing } from "./listed";
import { orderBy } from "./order";
import { listFormPage, spamViewPage } from "./page";
import { queryLimits } from "./plan";
import { plainFirstPageSort, readQuery, type SubmissionQuery } from "./request";
import { streamRows, type StreamedSubmission } from "./stream";
import { resolveTarget } from "./target";
import { submissionSetWhere } from "./where";

/** Every row of a query, in order, in batches (the CSV export). */
export type SubmissionStream = { form: ListedForm; batches: AsyncIterable<StreamedSubmission[]> };

/**
 * The submissions of the form `query.form` names, visible to `access` (else 404), filtered
 * (all must match), sorted with the submission id breaking ties, in the spam view asked for:
 * a page of 20 (`page` ≥ 1, totalCount exact; a page past the last one is empty), or every
 * row (`page: "all"`). Page 1 without filters over every submission, sorted by a column — the
 * API's usual request — is one statement with its form (first-page.ts); anything else reads
 * the form, parses the filters against its fields, plans (plan.ts) and reads (page.ts).
 */
export function querySubmissions(db: Db, access: FormAccess, query: SubmissionQuery & { page: number }): Promise<SubmissionListing>;
export function querySubmissions(db: Db, access: FormAccess, query: SubmissionQuery & { page: "all" }): Promise<SubmissionStream>;
export async function querySubmissions(
  db: Db,
  access: FormAccess,
  query: SubmissionQuery & { page: number | "all" },
): Promise<SubmissionListing | SubmissionStream> {
  const target = resolveTarget(query.form);
  const plainSort = plainFirstPageSort(query);
  if (plainSort) {
    const ref = parseFormRef(target.ref);
    const first = ref && (await firstPage(db, access, ref, plainSort));
    if (!first) throw new AppError("NOT_FOUND", MESSAGES.formNotFound);
    return { ...first, form: target.check(first.form) };
  }
  const form = target.check(await getAccessibleFormOrThrow(db, access, target.ref));
  const { filters, sort } = readQuery(form, query);
  const view = query.view ?? "all";
  if (query.page === "all") return { form, batches: streamRows(db, submissionSetWhere(access, form, filters, view), orderBy(sort)) };
  const at = { page: query.page, sort, filters };
  if (view !== "all") return { form, ...(await spamViewPage(db, access, form, at, view)) };
  return { form, ...(await listFormPage(db, access, form, at, queryLimits(form.submissionsCount))) };
}
