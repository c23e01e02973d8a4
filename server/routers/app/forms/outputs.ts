import { z } from "zod";
import type { Form } from "@/db/schema";
import { toV2FormListItem, ZV2FormListItem } from "@/server/services/forms/serialize";
import { surveyUrl } from "@/server/urls";
import { ZDashboardFormRef } from "../inputs";

/** Pieces of the dashboard's form procedures (tRPC only, never REST). */

/** The form a procedure acts on, by UUID (or numeric id). */
export const ZFormRefInput = z.object({ formUuid: ZDashboardFormRef });

/** A form as the dashboard's lists show it: the v2 list item, its status and its survey link. */
export const ZDashboardForm = ZV2FormListItem.extend({
  published: z.boolean().describe("Published forms accept submissions; others are drafts"),
  url: z.string().describe("The survey page's absolute URL; answers only while published"),
  trashedAt: z.string().nullable().describe("ISO 8601 when the form went to the trash; null while live"),
});

export function toDashboardForm(f: Form): z.infer<typeof ZDashboardForm> {
  return { ...toV2FormListItem(f), published: f.published, url: surveyUrl(f.uuid), trashedAt: f.trashedAt?.toISOString() ?? null };
}

/** What a change to one form answers: enough for the page to say what happened and where it went. */
export const ZFormChangeOutput = z.object({
  uuid: z.string().describe("Form UUID"),
  name: z.string().describe("Form name"),
});
