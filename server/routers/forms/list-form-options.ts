import { z } from "zod";
import { accessForOrganization } from "@/server/services/forms/access";
import { listFormOptions as listFormOptionsService } from "@/server/services/forms/list-form-options";
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
export const listFormOptions = sessionProcedure
  .output(ZListFormOptionsOutput)
  .query(async ({ ctx }) => ({ forms: await listFormOptionsService(ctx.db, accessForOrganization(ctx.session.organizationId)) }));
