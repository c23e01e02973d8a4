import { router } from "@/server/trpc";
import { createDashboardPrefill } from "./dashboard-create-prefill";
import { deleteDashboardPrefills } from "./dashboard-delete-prefills";
import { listPrefillFields } from "./dashboard-list-prefill-fields";
import { listDashboardPrefills } from "./dashboard-list-prefills";

/** Dashboard prefill procedures (session-authenticated). The REST ones are in ./router.ts. */
export const prefillsRouter = router({
  list: listDashboardPrefills,
  listFields: listPrefillFields,
  create: createDashboardPrefill,
  bulkDelete: deleteDashboardPrefills,
});
