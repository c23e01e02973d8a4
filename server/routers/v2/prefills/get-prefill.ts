import "server-only";
import { z } from "zod";
import { getPrefillOrThrow } from "@/server/services/prefills/get-prefill";
import { toPrefillDetail } from "@/server/services/prefills/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { ZFormRef, ZPathParam } from "../../rest-params";
import { ZPrefillDetail } from "@/server/services/prefills/serialize";

export const ZGetPrefillInput = z.object({ form_uuid: ZFormRef, id: ZPathParam.describe("Prefill UUID") });

export const v2GetPrefillRoute = apiTokenProcedure("v2")
  .meta({
    scope: "prefill.read",
    openapi: {
      method: "GET",
      path: "/forms/{form_uuid}/prefills/{id}",
      tags: ["Prefills"],
      summary: "Get a prefill with its data",
      description: "404 `Prefill not found` also when the prefill belongs to another form or the id is not a UUID.",
    },
    errors: { 404: ["Prefill not found", "Form not found or not authorized"] },
  })
  .input(ZGetPrefillInput)
  .output(ZPrefillDetail)
  .query(async ({ ctx, input }) => {
    const { form, prefill } = await getPrefillOrThrow(ctx.db, ctx.access, input.form_uuid, input.id);
    return toPrefillDetail(prefill, form.uuid);
  });
