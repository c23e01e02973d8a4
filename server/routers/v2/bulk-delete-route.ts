import "server-only";
import { z } from "zod";
import { MAX_BATCH } from "@/lib/values/bulk";
import type { FormAccess } from "@/server/services/forms/access";
import type { DbOrTx } from "@/db";
import { apiTokenProcedure } from "@/server/trpc";
import { ZBulkDeleteOutput, ZBulkIds } from "../rest-body";
import { ZFormRef } from "../rest-params";

export const ZBulkDeleteFormRowsInput = z.object({ form_uuid: ZFormRef, ids: ZBulkIds });

type BulkDeleteOperation = {
  scope: string;
  path: `/${string}`;
  tag: string;
  /** What the ids name: `ids` in "at most 100 prefill UUIDs", `row` in "not a prefill of this form", `many` in the summary. */
  noun: { ids: string; row: string; many: string };
  /** The 422's `error`. */
  notFound: string;
  /** What the deletion does besides, said between the limit and the all-or-nothing rule, and after it. */
  before: string;
  after: string;
  remove: (db: DbOrTx, access: FormAccess, formRef: string, ids: readonly string[]) => Promise<{ deleted: number }>;
};

/** A v2 `DELETE /forms/{form_uuid}/<rows>` with body `{ids}`: the same rules, limits and errors for each kind of row. */
export const v2BulkDeleteRoute = ({ scope, path, tag, noun, notFound, before, after, remove }: BulkDeleteOperation) =>
  apiTokenProcedure("v2")
    .meta({
      scope,
      jsonBody: true,
      openapi: {
        method: "DELETE",
        path,
        tags: [tag],
        summary: `Delete ${noun.many} in bulk`,
        description:
          `Body \`{"ids": [...]}\`, at most ${MAX_BATCH} ${noun.ids} UUIDs of this form.${before} All or nothing: when any id ` +
          `is not a ${noun.row} of this form (also a malformed id), 422 \`{error: '${notFound}', notFoundIds}\` lists them as ` +
          `given and nothing is deleted. Repeated ids count once; an empty list deletes nothing (\`{deleted: 0}\`).${after}\n\n` +
          `Errors: \`ids is required\`, \`ids must be an array\`, \`too many ids (max ${MAX_BATCH})\`, \`ids[<n>] must be a string\`.`,
      },
      errors: {
        400: ["ids is required", "ids must be an array", "too many ids (max 100)"],
        404: ["Form not found or not authorized"],
        422: {
          description: "Some ids were not found; nothing was deleted",
          example: { error: notFound, notFoundIds: ["3f0c…"] },
        },
      },
    })
    .input(ZBulkDeleteFormRowsInput)
    .output(ZBulkDeleteOutput)
    .mutation(({ ctx, input }) => remove(ctx.db, ctx.access, input.form_uuid, input.ids));
