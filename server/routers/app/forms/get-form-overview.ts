import "server-only";
import { z } from "zod";
import { getFormOverview } from "@/server/services/forms/form-overview";
import { toDashboardForm, ZDashboardForm } from "@/server/services/forms/serialize";
import { sessionProcedure } from "@/server/trpc";
import { surveyUrl } from "@/server/urls";
import { ZFormRefInput } from "./outputs";
import { formFileUsage } from "@/server/uploads/usage";
import { isFileUpload } from "@/lib/forms/element-types";

export const ZFormOverviewOutput = ZDashboardForm.extend({
  lastSubmissionAt: z.string().nullable().describe("ISO 8601 of the last non-spam submission; null when none"),
  responseCap: z
    .object({ taken: z.number().int(), max: z.number().int() })
    .nullable()
    .describe('A form with maxResponses: places taken and the cap ("7 of 10"); null otherwise'),
  slug: z.string().nullable().describe("The live short link's slug; null when none"),
  shortUrl: z.string().nullable().describe("`/f/<slug>` in full; null when the form has no short link"),
  embedOrigins: z.array(z.string()).nullable().describe("The only sites that may frame the form; null for any"),
  files: z
    .object({ takesFiles: z.boolean(), files: z.int(), bytes: z.number() })
    .describe("Whether it has a file-upload field; the files its submissions hold, and their size"),
});

/** One form for its dashboard page, also while it is in the trash (the page offers Restore). */
export const getFormOverviewRoute = sessionProcedure
  .input(ZFormRefInput)
  .output(ZFormOverviewOutput)
  .query(async ({ ctx, input }) => {
    const form = await getFormOverview(ctx.db, ctx.access, input.formUuid);
    const { slug, embedOrigins } = form.settings.publishing ?? {};
    const takesFiles = form.elements.some((e) => isFileUpload(e.type));
    const files = { takesFiles, ...(await formFileUsage(ctx.db, ctx.access.organizationId, form.id)) };
    return {
      ...toDashboardForm(form),
      lastSubmissionAt: form.lastSubmissionAt?.toISOString() ?? null,
      responseCap: form.responseCap,
      slug: form.slug ?? null,
      shortUrl: form.slug && slug ? surveyUrl(form.slug) : null,
      embedOrigins: embedOrigins?.length ? embedOrigins : null,
      files,
    };
  });
