import "server-only";
import { z } from "zod";
import type { FormElement, FormSettings } from "@/db/schema";
import { ZDashboardFormRef } from "../inputs";

/** Input and output pieces the builder's procedures share (tRPC only, never REST). */

export const ZBuilderFormInput = z.object({ form: ZDashboardFormRef });
export const ZDraftRevision = z.number().int().min(0).max(2_147_483_647).describe("The draft revision the builder last saw");

export const ZBuilderDraft = z.object({
  uuid: z.string().describe("Form UUID"),
  name: z.string().describe("Form name"),
  published: z.boolean().describe("Whether the survey page takes answers"),
  elements: z.array(z.custom<FormElement>()).describe("The draft, or the live elements when there is no draft"),
  settings: z.custom<FormSettings>().describe("The draft's (or the live) description and endings"),
  hasDraft: z.boolean().describe("Whether there are unpublished changes"),
  savedElementCount: z.number().int().describe("Elements of the form outside the draft: what discarding the draft goes back to"),
  revision: z.number().int().describe("Send back with the next write"),
  submissionsCount: z.number().int().describe("Stored submissions of the form"),
});
