import "server-only";
import { z } from "zod";
import { listFormOptions } from "@/server/services/forms/list-form-options";
import { sessionProcedure } from "@/server/trpc";

export const ZListFormOptionsOutput = z.object({
  forms: z.array(
    z.object({
      id: z.number().int().describe("Numeric form id"),
      uuid: z.string().describe("Form UUID"),
      name: z.string().describe("Form name"),
    }),
  ),
});

/** Every form of the session's organization, by name, for the form pickers of the dashboard. */
export const listFormOptionsRoute = sessionProcedure
  .output(ZListFormOptionsOutput)
  .query(async ({ ctx }) => ({ forms: await listFormOptions(ctx.db, ctx.access) }));
