import "server-only";
import { z } from "zod";
import { ZV2ListFormsOutput } from "@/server/routers/v2/forms/list-forms";
import { ZV2FormDetail } from "@/server/services/forms/serialize";
import { ZFormSummaryOutput } from "@/server/routers/mcp/forms/form-summary";
import { defineTool, nextPageOf, READ_ONLY } from "../tool";
import { ZToolFormRef, ZToolPage } from "./inputs";

export const listFormsTool = defineTool({
  name: "list_forms",
  title: "List forms",
  description:
    "The forms this connection may see (all of the organization's, or the token's forms only), newest first, 20 per page. " +
    "`meta.nextPage` is the page to ask for next (null on the last page). Needs form.view.",
  input: z.object({ page: ZToolPage }),
  output: ZV2ListFormsOutput.extend({ nextPage: z.number().int().nullable().describe("The page to ask for next; null: no more") }),
  annotations: READ_ONLY,
  run: async ({ v2 }, { page }) => {
    const r = await v2.forms.list({ page: String(page) });
    return { ...r, nextPage: nextPageOf(r.meta.page, r.meta.perPage, r.meta.totalCount) };
  },
});

export const getFormTool = defineTool({
  name: "get_form",
  title: "Get a form",
  description:
    "A form with its element tree as respondents see it: elements with their ids, labels, types, options, page breaks " +
    "and `showIf` conditions, the description and the endings. Element ids and labels are what query_submissions filters name. " +
    "Needs form.view.",
  input: z.object({ form: ZToolFormRef }),
  output: ZV2FormDetail,
  annotations: READ_ONLY,
  run: ({ v2 }, { form }) => v2.forms.get({ id: form }),
});

export const formSummaryTool = defineTool({
  name: "form_summary",
  title: "Summarize a form's responses",
  description:
    "The dashboard chart's numbers: responses per day over the last 30 days (UTC) and, for each choice field, how many " +
    "chose each option. Needs submission.view.",
  input: z.object({ form: ZToolFormRef }),
  output: ZFormSummaryOutput,
  annotations: READ_ONLY,
  run: ({ mcp }, { form }) => mcp.forms.summary({ form }),
});
