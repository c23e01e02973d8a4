import { deleteSubmission } from "./delete-submission";
import { getSubmission } from "./get-submission";
import { listSubmissions } from "./list-submissions";

/** The v2 submission procedures (spec §4.4–4.6), mounted by the REST surface and the app router. */
export const v2SubmissionProcedures = { list: listSubmissions, get: getSubmission, delete: deleteSubmission };
