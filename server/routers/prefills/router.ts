import { bulkCreatePrefills } from "./bulk-create-prefills";
import { bulkDeletePrefills } from "./bulk-delete-prefills";
import { getPrefill } from "./get-prefill";
import { listPrefills } from "./list-prefills";

/** v2 prefill procedures (spec §4.7–4.10), mounted by the REST surface. */
export const prefillProcedures = { list: listPrefills, get: getPrefill, bulkCreate: bulkCreatePrefills, bulkDelete: bulkDeletePrefills };
