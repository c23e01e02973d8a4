import "server-only";
import { z } from "zod";
import { listRecentForms } from "@/server/services/forms/list-recent-forms";
import { toConnectorForm, ZConnectorForm } from "@/server/services/forms/serialize";
import { oauthProcedure } from "@/server/trpc";
import { ZPageParam } from "../../rest-params";

export const LIMIT_MESSAGE = "limit must be an integer from 1 to 100";
const PAGE_MESSAGE = "page must be a positive integer";

export const ZConnectorListFormsInput = z.object({
  limit: z
    .string()
    .regex(/^(100|[1-9][0-9]?)$/, { error: LIMIT_MESSAGE })
    .optional()
    .transform((v) => (v === undefined ? 100 : Number(v)))
    .describe("Forms a page, 1 to 100; default 100"),
  page: ZPageParam.describe("Page number, 1-based, of `limit` forms each. A page past the last one is an empty array."),
});

export const connectorListFormsRoute = oauthProcedure
  .meta({
    scope: "forms:read",
    openapi: {
      method: "GET",
      path: "/forms",
      tags: ["Forms"],
      summary: "List forms",
      description:
        "The organization's forms for a form picker, most recently updated first. Trashed forms are not listed. " +
        "A JSON array; up to `limit` (default 100) forms a page.",
    },
    errors: { 400: [LIMIT_MESSAGE, PAGE_MESSAGE] },
  })
  .input(ZConnectorListFormsInput)
  .output(z.array(ZConnectorForm))
  .query(async ({ ctx, input }) => (await listRecentForms(ctx.db, ctx.access, input)).map(toConnectorForm));
