import "server-only";
import { z } from "zod";
import { saveFormReceipt } from "@/server/services/form-mail/save-receipt";
import { ZReceiptMessage, ZReceiptSubject } from "@/server/services/form-mail/receipt-rules";
import { sessionProcedure } from "@/server/trpc";
import { ZFormRefInput } from "../forms/outputs";

export const ZUpdateFormReceiptInput = z.discriminatedUnion("enabled", [
  ZFormRefInput.extend({ enabled: z.literal(false) }),
  ZFormRefInput.extend({
    enabled: z.literal(true),
    emailField: z.string().max(200).describe("Id of one of the form's email questions"),
    subject: ZReceiptSubject.describe("One line, 1–200 characters, {{field label}} placeholders allowed"),
    message: ZReceiptMessage.describe("Plain text, 1–5000 characters, {{field label}} placeholders allowed"),
    includeAnswers: z.boolean().describe("Append a copy of the answers"),
  }),
]);

/**
 * Switches a form's receipt to respondents off, or on with its text; replies go to the member
 * who saves it. A problem is answered at its field.
 */
export const updateFormReceiptRoute = sessionProcedure
  .input(ZUpdateFormReceiptInput)
  .output(z.object({ enabled: z.boolean() }))
  .mutation(async ({ ctx, input }) => {
    const { formUuid, ...change } = input;
    await saveFormReceipt(ctx.db, ctx.access, ctx.session.userId, formUuid, change);
    return { enabled: change.enabled };
  });
