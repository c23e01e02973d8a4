import { router } from "@/server/trpc";
import { deleteV1Submission } from "./delete-submission";
import { getV1Submission } from "./get-submission";
import { listV1Forms } from "./list-forms";
import { listV1Submissions } from "./list-submissions";

/** The v1 REST surface (spec §4.16): the same services as v2, v1 tokens, names and shapes. */
export const v1Routers = {
  forms: router({ list: listV1Forms }),
  submissions: router({ list: listV1Submissions, get: getV1Submission, delete: deleteV1Submission }),
};
