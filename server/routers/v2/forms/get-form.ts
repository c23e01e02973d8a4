import "server-only";
import { z } from "zod";
import { getAccessibleFormOrThrow } from "@/server/services/forms/access";
import { toV2FormDetail, ZV2FormDetail } from "@/server/services/forms/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { ZPathParam } from "../../rest-params";

export const ZGetFormInput = z.object({ id: ZPathParam.describe("Form UUID or numeric form id") });

export const v2GetFormRoute = apiTokenProcedure("v2")
  .meta({
    scope: "form.view",
    openapi: {
      method: "GET",
      path: "/forms/{id}",
      tags: ["Forms"],
      summary: "Get a form with its elements",
      description: "`id` is the form UUID or the numeric id. The detail carries no `uuid` field (the list items of `GET /forms` do).",
    },
    errors: { 404: ["Form not found or not authorized"] },
  })
  .input(ZGetFormInput)
  .output(ZV2FormDetail)
  .query(async ({ ctx, input }) => {
    const form = await getAccessibleFormOrThrow(ctx.db, ctx.access, input.id);
    return toV2FormDetail(form);
  });
