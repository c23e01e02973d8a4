import "server-only";
import { MESSAGES } from "@/lib/errors";
import { deleteUniqueLinks } from "@/server/services/unique-links/delete-unique-links";
import { v2BulkDeleteRoute } from "../bulk-delete-route";

export const v2BulkDeleteUniqueLinksRoute = v2BulkDeleteRoute({
  scope: "unique_link.write",
  path: "/forms/{form_uuid}/unique_links",
  tag: "Unique links",
  noun: { ids: "unique link", row: "link", many: "unique links" },
  notFound: MESSAGES.uniqueLinkIdsNotFound,
  before: " Each link's prefill is deleted with it.",
  after: " Submissions made through a deleted link are kept.",
  remove: deleteUniqueLinks,
});
