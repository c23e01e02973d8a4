import { eq } from "drizzle-orm";
import { submissions } from "../../db/schema";
import type { Seed } from "../fixtures";

/**
 * Test data shared by the v1 and v2 submission-list specs: helpers to name submissions by their
 * `q_tag` (the elements they use are in e2e/fixtures/elements.ts).
 */

/** Submission ids of a form by the value of its `q_tag` element. */
export async function idsByTag(seed: Seed, formId: number): Promise<Record<string, string>> {
  const rows = await seed.db.select({ id: submissions.id, data: submissions.data }).from(submissions).where(eq(submissions.formId, formId));
  return Object.fromEntries(rows.map((r) => [String(r.data.q_tag), r.id]));
}

/** An ISO instant in January 2024, so creation order is the day order. */
export const januaryAt = (day: number, hour = 12) => new Date(Date.UTC(2024, 0, day, hour)).toISOString();
