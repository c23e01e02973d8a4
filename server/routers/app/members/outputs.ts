import "server-only";
import { z } from "zod";
import { MAX_CHOSEN_FORMS } from "@/server/services/members/rules";
import { ROLES } from "@/lib/permissions";
import { ZDashboardRowId } from "../inputs";

/** Inputs and outputs the member and invitation procedures share. */
export const ZRole = z.enum(ROLES, { error: `role must be one of ${ROLES.join(", ")}` }).describe("owner, admin, editor or viewer");

/** Chosen forms of an editor or viewer; null: every form. */
export const ZFormChoice = z
  .array(ZDashboardRowId)
  .max(MAX_CHOSEN_FORMS, { error: `choose at most ${MAX_CHOSEN_FORMS} forms` })
  .nullable()
  .describe("Form ids the member is limited to; null for every form");

export const ZMemberUserId = z.object({ userId: ZDashboardRowId.describe("The member's user id") });

export const ZDone = z.object({ done: z.literal(true) });
