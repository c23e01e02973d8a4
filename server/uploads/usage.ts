import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";

/** The files a form's submissions hold, and their bytes (the form's page shows it to the owner). */
export async function formFileUsage(db: DbOrTx, organizationId: number, formId: number): Promise<{ files: number; bytes: number }> {
  const [row] = await db.execute<{ files: number; bytes: string }>(sql`
    select count(*)::int as files, coalesce(sum(size), 0)::text as bytes from submission_files
    where organization_id = ${organizationId} and form_id = ${formId} and submission_id is not null`);
  return { files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0) };
}
