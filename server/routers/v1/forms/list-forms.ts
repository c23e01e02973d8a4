import "server-only";
import { z } from "zod";
import { listForms } from "@/server/services/forms/list-forms";
import { toV1Form, ZV1Form } from "@/server/services/forms/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { ZPageParam } from "../../rest-params";
import { v1Page, ZV1List } from "../schemas";
import { readDb } from "@/server/read-replica";

export const ZV1ListFormsInput = z.object({ page: ZPageParam });
export const ZV1ListFormsOutput = ZV1List(ZV1Form);

export const v1ListFormsRoute = apiTokenProcedure("v1")
  .meta({
    scope: "form.view",
    openapi: {
      method: "GET",
      path: "/forms",
      tags: ["Forms"],
      summary: "List the token's form",
      description:
        "A v1 token belongs to one form, so the list holds that form (`total_count` 1), or nothing (`total_count` 0) " +
        "once the form is trashed. 20 per page; a page past the last one returns `results: []` with the usual counters.",
    },
  })
  .input(ZV1ListFormsInput)
  .output(ZV1ListFormsOutput)
  .query(async ({ ctx, input }) => {
    const { forms, totalCount } = await listForms(await readDb(ctx.db), ctx.access, input.page);
    return v1Page(forms.map(toV1Form), totalCount, input.page);
  });
