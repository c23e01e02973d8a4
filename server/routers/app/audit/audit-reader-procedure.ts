import "server-only";
import { getAuditOrganizationOrThrow } from "@/server/audit/reader";
import { sessionProcedure } from "@/server/trpc";

/** The builder of the audit log's procedures: the signed-in member, when their role may read it (a 403 otherwise). */
export const auditReaderProcedure = sessionProcedure.use(async ({ ctx, next }) =>
  next({ ctx: { auditOrganizationId: await getAuditOrganizationOrThrow(ctx.db, ctx.session) } }),
);
