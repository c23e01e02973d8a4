import "server-only";
import { z } from "zod";
import { AUDIT_ACTIONS } from "@/lib/audit-actions";
import { AUDIT_FILTER_MESSAGES, parseAuditFilter } from "@/server/audit/filter-params";
import { listAuditEvents } from "@/server/audit/log";
import { toAuditEvent, ZAuditEvent } from "@/server/audit/serialize";
import { PAGE_SIZE } from "@/server/services/lib/pagination";
import { apiTokenProcedure } from "@/server/trpc";
import { ZPageMeta, ZPageParam, ZSingleParam } from "../../rest-params";

export const ZListAuditEventsInput = z.object({
  page: ZPageParam,
  actor: ZSingleParam("actor")
    .optional()
    .describe("Only this actor's events: `user:<id>`, `api_token:<id>`, `oauth_client:<id>` or `system`"),
  action: ZSingleParam("action").optional().describe("Only this action, e.g. `token.created`"),
  since: ZSingleParam("since").optional().describe("Events at or after this instant (ISO 8601; a date alone is midnight UTC)"),
  until: ZSingleParam("until").optional().describe("Events before this instant (ISO 8601; a date alone is midnight UTC)"),
});
export const ZListAuditEventsOutput = z.object({ auditEvents: z.array(ZAuditEvent), meta: ZPageMeta });

const ACTIONS_TABLE = Object.entries(AUDIT_ACTIONS)
  .map(([action, label]) => `| \`${action}\` | ${label} |`)
  .join("\n");

export const v2ListAuditEventsRoute = apiTokenProcedure("v2")
  .meta({
    scope: "audit.view",
    openapi: {
      method: "GET",
      path: "/audit_events",
      tags: ["Audit log"],
      summary: "List audit events",
      description:
        "The organization's audit log, newest first, 20 per page: who (a member, an API token or a connected app) did " +
        "what, to which object, when, from which address and user agent. Rows are written in the same transaction as " +
        "the action and never change; they are kept `AUDIT_RETENTION_DAYS` (365 by default). Reads are not logged, " +
        "nor are respondents' submissions. A member's account events (sign-in, password, email) appear in the log of " +
        "every organization they belong to. `metadata` holds ids, names and counts, never secrets or answers. Filters " +
        "combine; a page past the last one → 200 with `auditEvents: []`.\n\n| Action | Meaning |\n|---|---|\n" +
        ACTIONS_TABLE,
    },
    errors: {
      400: [
        AUDIT_FILTER_MESSAGES.action,
        AUDIT_FILTER_MESSAGES.actor,
        AUDIT_FILTER_MESSAGES.since,
        AUDIT_FILTER_MESSAGES.until,
        AUDIT_FILTER_MESSAGES.range,
        "page must be a positive integer",
      ],
    },
  })
  .input(ZListAuditEventsInput)
  .output(ZListAuditEventsOutput)
  .query(async ({ ctx, input }) => {
    const filter = parseAuditFilter(input);
    const { events, total } = await listAuditEvents(ctx.db, ctx.access.organizationId, { ...filter, page: input.page });
    return { auditEvents: events.map(toAuditEvent), meta: { page: input.page, perPage: PAGE_SIZE, total } };
  });
