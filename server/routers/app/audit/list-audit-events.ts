import "server-only";
import { z } from "zod";
import { parseAuditFilter } from "@/server/audit/filter-params";
import { listAuditEvents } from "@/server/audit/log";
import { toAuditEvent, ZAuditEvent } from "@/server/audit/serialize";
import { pageInfo, ZDashboardPage, ZDashboardPageInfo } from "../inputs";
import { auditReaderProcedure } from "./audit-reader-procedure";

/** The log's filters as the page sends them (its URL's values); bad ones are a 400 at their field. */
export const ZAuditFilterInput = z.object({
  actor: z.string().max(64).optional().describe("`user:<id>`, `api_token:<id>`, `oauth_client:<id>` or `system`"),
  action: z.string().max(64).optional(),
  since: z.string().max(64).optional().describe("ISO 8601 instant, inclusive"),
  until: z.string().max(64).optional().describe("ISO 8601 instant, exclusive"),
});

export const ZListAuditEventsDashboardOutput = ZDashboardPageInfo.extend({ events: z.array(ZAuditEvent) });

/** A page of the organization's audit log, newest first. */
export const listAuditEventsRoute = auditReaderProcedure
  .input(ZAuditFilterInput.extend({ page: ZDashboardPage }))
  .output(ZListAuditEventsDashboardOutput)
  .query(async ({ ctx, input }) => {
    const { events, total } = await listAuditEvents(ctx.db, ctx.auditOrganizationId, { ...parseAuditFilter(input), page: input.page });
    return { events: events.map(toAuditEvent), ...pageInfo(input.page, total) };
  });
