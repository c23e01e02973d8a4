import { bulkCreateUniqueLinks } from "./bulk-create-unique-links";
import { bulkDeleteUniqueLinks } from "./bulk-delete-unique-links";
import { getUniqueLink } from "./get-unique-link";
import { listUniqueLinks } from "./list-unique-links";
import { updateUniqueLink } from "./update-unique-link";

/** v2 unique-link procedures (spec §4.11–4.14), mounted by the REST surface. */
export const uniqueLinkProcedures = {
  list: listUniqueLinks,
  get: getUniqueLink,
  bulkCreate: bulkCreateUniqueLinks,
  update: updateUniqueLink,
  bulkDelete: bulkDeleteUniqueLinks,
};
