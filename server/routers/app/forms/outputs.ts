import "server-only";
import { z } from "zod";
import { ZDashboardFormRef } from "../inputs";

/** Pieces of the dashboard's form procedures (tRPC only, never REST). */

/** The form a procedure acts on, by UUID (or numeric id). */
export const ZFormRefInput = z.object({ formUuid: ZDashboardFormRef });

/** What a change to one form answers: enough for the page to say what happened and where it went. */
export const ZFormChangeOutput = z.object({
  uuid: z.string().describe("Form UUID"),
  name: z.string().describe("Form name"),
});
