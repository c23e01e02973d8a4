import "server-only";
import { sessionProcedure } from "@/server/trpc";

/**
 * The builder of the audit log's procedures: the signed-in member, whose role sessionProcedure
 * has checked for `audit.view` (lib/permissions.ts), and their organization's log.
 */
export const auditReaderProcedure = sessionProcedure.use(({ ctx, next }) =>
  next({ ctx: { auditOrganizationId: ctx.session.organizationId } }),
);
