import { z } from "zod";
import { accessForOrganization } from "@/server/services/forms/access";
import { listForms } from "@/server/services/forms/list-forms";
import { PAGE_SIZE, pageCount } from "@/server/services/pagination";
import { toV2FormListItem } from "@/server/services/forms/serialize";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardPage } from "../prefills/dashboard-shared";

export const ZListMyFormsInput = z.object({
  page: ZDashboardPage.describe("Page number, 1-based, 20 forms a page"),
});

export const ZDashboardFormListItem = z.object({
  id: z.number().int().describe("Numeric form id"),
  uuid: z.string().describe("Form UUID"),
  name: z.string().describe("Form name"),
  published: z.boolean().describe("Published forms accept submissions; others are drafts"),
  createdAt: z.string().describe("ISO 8601"),
  updatedAt: z.string().describe("ISO 8601"),
  submissionsCount: z.number().int().describe("Total submissions of the form"),
});

export const ZListMyFormsOutput = z.object({
  forms: z.array(ZDashboardFormListItem),
  page: z.number().int(),
  perPage: z.number().int().describe("Always 20"),
  totalCount: z.number().int().describe("Forms of the organization (trashed ones excluded)"),
  totalPages: z.number().int().describe("At least 1"),
});

/** The session organization's forms, newest first: the same service as GET /api/v2/forms. */
export const listMyForms = sessionProcedure
  .input(ZListMyFormsInput)
  .output(ZListMyFormsOutput)
  .query(async ({ ctx, input }) => {
    const { forms, totalCount } = await listForms(ctx.db, accessForOrganization(ctx.session.organizationId), input.page);
    return {
      forms: forms.map((f) => ({ ...toV2FormListItem(f), published: f.published })),
      page: input.page,
      perPage: PAGE_SIZE,
      totalCount,
      totalPages: pageCount(totalCount),
    };
  });
