// Placeholder: the v2 submission procedures (list/get/delete) are being written.
export const v2SubmissionProcedures = {};
