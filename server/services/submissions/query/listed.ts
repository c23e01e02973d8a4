/*
 * What a listing hands back: its rows' columns, and what it says of its form.
 */
import "server-only";
import { submissions, type Form } from "@/db/schema";

/** A listed row; `spam` and `duration` are for the shapes that show them (v1's spam, the dashboard's both). */
export type ListedSubmission = Pick<(typeof submissions)["$inferSelect"], "id" | "data" | "spam" | "duration" | "createdAt" | "updatedAt">;

/** The columns of a listed row. */
export const LISTED_COLUMNS = {
  id: submissions.id,
  data: submissions.data,
  spam: submissions.spam,
  duration: submissions.duration,
  createdAt: submissions.createdAt,
  updatedAt: submissions.updatedAt,
};

/**
 * What a listing says of its form: what every caller's shape needs (v2 its id and uuid, v1
 * and the CSV its fields' labels, the dashboard its name and elements), never its draft.
 */
export type ListedForm = Pick<Form, "id" | "uuid" | "name" | "elements">;

/** A page of a form's submissions; totalCount is exact and counts every page. */
export type SubmissionListing = { form: ListedForm; submissions: ListedSubmission[]; totalCount: number };
