import "server-only";
import { ZDashboardFormRef, ZDashboardRowId } from "../inputs";

/** A webhook of the form the page works on. */
export const ZDashboardWebhookRef = {
  formUuid: ZDashboardFormRef,
  id: ZDashboardRowId.describe("Webhook id"),
};
