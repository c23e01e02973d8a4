import "server-only";
import { z } from "zod";
import { renameForm } from "@/server/services/forms/rename-form";
import { ZFormName } from "@/lib/forms/form-rules";
import { sessionProcedure } from "@/server/trpc";
import { ZFormRefInput } from "./outputs";

export const ZRenameFormInput = ZFormRefInput.extend({ name: ZFormName });

export const ZRenameFormOutput = z.object({
  uuid: z.string().describe("Form UUID"),
  name: z.string().describe("The new name, trimmed"),
  updatedAt: z.string().describe("ISO 8601"),
});

/** Renames a live form (the import's name rule: trimmed, 1–200 characters). */
export const renameFormRoute = sessionProcedure
  .input(ZRenameFormInput)
  .output(ZRenameFormOutput)
  .mutation(async ({ ctx, input }) => {
    const form = await renameForm(ctx.db, ctx.access, input.formUuid, input.name);
    return { ...form, updatedAt: form.updatedAt.toISOString() };
  });
