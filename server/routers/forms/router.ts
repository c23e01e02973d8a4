import { router } from "@/server/trpc";
import { listFormOptions } from "./list-form-options";
import { listMyForms } from "./list-my-forms";

/** Dashboard form procedures (session-authenticated). The REST ones live in server/rest/surfaces.ts. */
export const formsRouter = router({
  list: listMyForms,
  listOptions: listFormOptions,
});
