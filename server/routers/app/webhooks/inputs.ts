import { z } from "zod";
import { ZDashboardFormRef } from "../inputs";

/** A webhook of the form the page works on. */
export const ZDashboardWebhookRef = {
  formUuid: ZDashboardFormRef,
  id: z.number().int().positive().describe("Webhook id"),
};
