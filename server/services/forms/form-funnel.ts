import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { partialResponses } from "@/db/schema";
import { compileFormLogic } from "@/lib/logic/form-logic";
import { getAccessibleFormOrThrow, type FormAccess } from "./access";

/** How many partials the dashboard lists to open. */
const RECENT_PARTIALS = 20;

/**
 * A form's drop-off funnel: of the respondents who completed a step (each has a partial
 * response, finished or not), how many reached each page, and how many finished; plus the
 * latest unfinished partials to open. Respondents who sent the whole form at once (JSON, or a
 * one-page form) are not in it.
 */
export async function getFormFunnel(db: DbOrTx, access: FormAccess, ref: string) {
  const form = await getAccessibleFormOrThrow(db, access, ref);
  const pages = compileFormLogic(form.elements).pages;
  const mine = and(eq(partialResponses.organizationId, access.organizationId), eq(partialResponses.formId, form.id));
  const reached = await db
    .select({ page: partialResponses.furthestPage, n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(partialResponses)
    .where(mine)
    .groupBy(partialResponses.furthestPage);
  const [finished] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(partialResponses)
    .where(and(mine, sql`${partialResponses.completedAt} is not null`));
  const total = reached.reduce((sum, r) => sum + r.n, 0);
  const recent = await db
    .select({ id: partialResponses.id, page: partialResponses.page, data: partialResponses.data, updatedAt: partialResponses.updatedAt })
    .from(partialResponses)
    .where(and(mine, isNull(partialResponses.completedAt)))
    .orderBy(desc(partialResponses.updatedAt))
    .limit(RECENT_PARTIALS);
  return {
    // Page 1 is reached by everyone who started; page n by those whose furthest page is n or later.
    pages: pages.map((p) => ({
      index: p.index,
      title: p.title,
      reached: p.index === 0 ? total : reached.filter((r) => r.page >= p.index).reduce((sum, r) => sum + r.n, 0),
    })),
    started: total,
    finished: finished?.n ?? 0,
    partials: recent.map((r) => ({
      id: r.id,
      page: r.page,
      updatedAt: r.updatedAt.toISOString(),
      answers: answerList(form.elements, r.data),
    })),
  };
}

/** A partial's answers as label and text, in the form's order. */
function answerList(elements: readonly { id: string; label: string }[], data: Record<string, unknown>) {
  return elements
    .filter((e) => Object.hasOwn(data, e.id))
    .map((e) => {
      const v = data[e.id];
      return { label: e.label || e.id, value: typeof v === "string" ? v : JSON.stringify(v) };
    });
}
