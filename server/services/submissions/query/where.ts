/*
 * WHERE of a form's submissions: the tenant first, always (the form was checked against the
 * access, and the submissions themselves must belong to the same organization), then the form.
 */
import "server-only";
import { and, eq, type SQL } from "drizzle-orm";
import { submissions, type Form } from "@/db/schema";
import type { FormAccess } from "@/server/services/forms/access";
import { filtersSql } from "../filter-sql";
import type { Filter } from "@/lib/filters/filters";
import type { SpamView } from "./request";

/** Every submission of the form, within the tenant. */
export function formSubmissions(access: FormAccess, formId: number): SQL {
  return and(eq(submissions.organizationId, access.organizationId), eq(submissions.formId, formId))!;
}

/**
 * A filtered set of a form's submissions: the tenant and form, the filters (filtersSql), then
 * the spam view. The dashboard's spam views, its charts and the CSV export all read it, so
 * they always agree on which submissions "the filtered set" is.
 */
export function submissionSetWhere(access: FormAccess, form: Pick<Form, "id">, filters: readonly Filter[], view: SpamView): SQL {
  const parts: (SQL | undefined)[] = [
    eq(submissions.organizationId, access.organizationId),
    eq(submissions.formId, form.id),
    filtersSql(filters, form.id),
  ];
  if (view !== "all") parts.push(eq(submissions.spam, view === "spam"));
  return and(...parts)!;
}
