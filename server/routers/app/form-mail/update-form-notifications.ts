import "server-only";
import { z } from "zod";
import { updateFormNotifications } from "@/server/services/form-mail/update-notifications";
import { sessionProcedure } from "@/server/trpc";
import { ZFormRefInput } from "../forms/outputs";
import { ZNotificationChoice } from "./get-form-mail";

export const ZUpdateFormNotificationsInput = ZFormRefInput.extend({ mode: ZNotificationChoice });

/** The signed-in member's mail about one form's new responses: each, a daily digest, or none. */
export const updateFormNotificationsRoute = sessionProcedure
  .input(ZUpdateFormNotificationsInput)
  .output(z.object({ mode: ZNotificationChoice }))
  .mutation(async ({ ctx, input }) => {
    await updateFormNotifications(ctx.db, ctx.access, ctx.session.userId, input.formUuid, input.mode);
    return { mode: input.mode };
  });
