import "server-only";
import { z } from "zod";
import { AUDIT_ACTOR_TYPES } from "@/db/schema";
import { listAuditActors } from "@/server/audit/log";
import { auditReaderProcedure } from "./audit-reader-procedure";

/** Everyone the log names as an actor (the page's actor filter). */
export const listAuditActorsRoute = auditReaderProcedure
  .output(z.array(z.object({ type: z.enum(AUDIT_ACTOR_TYPES), id: z.string().nullable(), label: z.string() })))
  .query(({ ctx }) => listAuditActors(ctx.db, ctx.auditOrganizationId));
