/*
 * querySubmissions for a caller whose API token is being checked while the read starts
 * (`GET /api/v2/submissions`, server/trpc.ts apiTokenOverlappedProcedure).
 */
import "server-only";
import type { Db } from "@/db";
import type { Form } from "@/db/schema";
import { AppError, MESSAGES } from "@/lib/errors";
import { parseFormRef, type FormAccess } from "@/server/services/forms/access";
import { querySubmissions } from "./entry";
import { firstPageCheckingToken, type RidingCheck } from "./first-page";
import type { SubmissionListing } from "./listed";
import { plainFirstPageSort, type SubmissionQuery } from "./request";
import { resolveTarget } from "./target";
import { readDb } from "@/server/read-replica";

/**
 * A token check under way: `take` hands it to the first statement that can carry it (null
 * once it runs on its own; a statement that takes it must settle it), and `access` is the
 * checked access, for everything else.
 */
export type PendingTokenCheck = { take: () => RidingCheck | null; access: Promise<FormAccess> };

/**
 * querySubmissions, with the token check riding in page 1's statement: the API's usual
 * request (page 1, no filters, sorted by a column) is then one statement and one round trip
 * for the check, the form (its id and uuid) and the page. Any other request waits for the
 * checked access, and the check runs on its own meanwhile. A refused token's read is dropped
 * by the procedure builder, which answers with the check's error.
 */
export async function querySubmissionsCheckingToken(
  db: Db,
  token: PendingTokenCheck,
  query: SubmissionQuery & { page: number },
): Promise<Omit<SubmissionListing, "form"> & { form: Pick<Form, "id" | "uuid"> }> {
  // The 400 and 404 that need no lookup come first; such a request never takes the check.
  const target = resolveTarget(query.form);
  const sort = plainFirstPageSort(query);
  const ref = sort ? parseFormRef(target.ref) : null;
  const riding = sort && ref ? token.take() : null;
  // Page 1 with the check riding in it counts the token's hit (a write): the primary. Any other page may read a replica.
  if (!sort || !ref || !riding) return querySubmissions(await readDb(db), await token.access, query);
  const first = await firstPageCheckingToken(db, riding, ref, sort);
  if (!first) throw new AppError("NOT_FOUND", MESSAGES.formNotFound);
  return { ...first, form: target.check(first.form) };
}
