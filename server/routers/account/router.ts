import { router } from "@/server/trpc";
import { getAccount } from "./get-account";
import { signUp } from "./sign-up";

export const accountRouter = router({
  signUp,
  me: getAccount,
});
