import "server-only";
import type { DbOrTx } from "@/db";
import { AUDIT_ACTIONS, AUDIT_ACTOR_LABELS, isAuditAction } from "@/lib/audit-actions";
import { csvLine, UTF8_BOM } from "@/server/services/submissions/csv";
import { auditEventBatches, type AuditFilter } from "./log";

const HEADER = [
  "Time (UTC)",
  "Actor type",
  "Actor id",
  "Actor",
  "Action",
  "Action label",
  "Target type",
  "Target id",
  "Target",
  "IP",
  "User agent",
  "Metadata",
];

/**
 * The filtered log as CSV, newest first, streamed a batch at a time (pull-based: the next batch
 * is read once the download took the last). Cells go through the submissions export's rules
 * (RFC 4180, formulas neutralised).
 */
export function auditCsvStream(db: DbOrTx, organizationId: number, filter: AuditFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const rows = auditEventBatches(db, organizationId, filter);
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(UTF8_BOM + csvLine(HEADER)));
      },
      async pull(controller) {
        const next = await rows.next();
        if (next.done) {
          controller.close();
          return;
        }
        let text = "";
        for (const e of next.value) {
          text += csvLine([
            e.createdAt.toISOString(),
            AUDIT_ACTOR_LABELS[e.actorType],
            e.actorId ?? "",
            e.actorLabel,
            e.action,
            isAuditAction(e.action) ? AUDIT_ACTIONS[e.action] : "",
            e.targetType ?? "",
            e.targetId ?? "",
            e.targetLabel ?? "",
            e.ip ?? "",
            e.userAgent ?? "",
            JSON.stringify(e.metadata),
          ]);
        }
        controller.enqueue(encoder.encode(text));
      },
      async cancel() {
        await rows.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}
