import { router } from "@/server/trpc";
import { createDashboardUniqueLinks } from "./dashboard-create-unique-links";
import { deleteDashboardUniqueLinks } from "./dashboard-delete-unique-links";
import { listDashboardUniqueLinks } from "./dashboard-list-unique-links";
import { updateDashboardUniqueLink } from "./dashboard-update-unique-link";

/** Dashboard unique-link procedures (session-authenticated). The REST ones are in ./router.ts. */
export const uniqueLinksRouter = router({
  list: listDashboardUniqueLinks,
  bulkCreate: createDashboardUniqueLinks,
  update: updateDashboardUniqueLink,
  bulkDelete: deleteDashboardUniqueLinks,
});
