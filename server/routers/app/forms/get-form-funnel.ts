import "server-only";
import { z } from "zod";
import { getFormFunnel } from "@/server/services/forms/form-funnel";
import { sessionProcedure } from "@/server/trpc";
import { ZFormRefInput } from "./outputs";

export const ZFormFunnelOutput = z.object({
  pages: z.array(z.object({ index: z.number().int(), title: z.string(), reached: z.number().int() })),
  started: z.number().int().describe("Respondents with a partial response (who completed a step)"),
  finished: z.number().int(),
  partials: z.array(
    z.object({
      id: z.string(),
      page: z.number().int(),
      updatedAt: z.string(),
      answers: z.array(z.object({ label: z.string(), value: z.string() })),
    }),
  ),
});

/** The form page's drop-off funnel (respondents per page, finished) and its latest unfinished partial responses. */
export const getFormFunnelRoute = sessionProcedure
  .input(ZFormRefInput)
  .output(ZFormFunnelOutput)
  .query(({ ctx, input }) => getFormFunnel(ctx.db, ctx.access, input.formUuid));
