import "server-only";
import { getMailManagerOrThrow } from "@/server/mail/manage/manager";
import { sessionProcedure } from "@/server/trpc";

/**
 * The builder of Settings → Mail's procedures: the signed-in member, when their role may
 * manage the organization's mail (a 403 otherwise), as `ctx.manager`.
 */
export const mailManagerProcedure = sessionProcedure.use(async ({ ctx, next }) =>
  next({ ctx: { manager: await getMailManagerOrThrow(ctx.db, ctx.session) } }),
);
