import type { Submission } from "@/db/schema";

/** v2 submission (`GET /api/v2/submissions/{id}`): `formId` is the owning form's UUID; `data` keyed by element id. */
export function toV2Submission(s: Pick<Submission, "id" | "data" | "createdAt" | "updatedAt">, formUuid: string) {
  return {
    id: s.id,
    formId: formUuid,
    data: s.data,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export type V2Submission = ReturnType<typeof toV2Submission>;
