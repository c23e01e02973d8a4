import "server-only";
import { MESSAGES } from "@/lib/errors";
import { deletePrefills } from "@/server/services/prefills/delete-prefills";
import { v2BulkDeleteRoute } from "../bulk-delete-route";

export const v2BulkDeletePrefillsRoute = v2BulkDeleteRoute({
  scope: "prefill.write",
  path: "/forms/{form_uuid}/prefills",
  tag: "Prefills",
  noun: { ids: "prefill", row: "prefill", many: "prefills" },
  notFound: MESSAGES.prefillIdsNotFound,
  before: "",
  after: " A prefill that belongs to a unique link may be deleted; the link then has no prefill (`prefillId: null`).",
  remove: deletePrefills,
});
