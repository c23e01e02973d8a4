import type { APIRequestContext } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db";
import { auditEvents, type AuditEvent } from "../../../db/schema";
import { createApiToken } from "../../../server/services/tokens/create-token";
import { expect, type SeededOrg } from "../../fixtures";
import { attemptSignIn } from "../sign-in-client";
import { trpc } from "../trpc-client";

/** A client of its own: an address (the suite's server trusts one proxy) and a user agent that only this test sends. */
export const newOrigin = () => ({
  ip: `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`,
  ua: `audit-spec/${randomUUID()}`,
});
export type Origin = ReturnType<typeof newOrigin>;
export const originHeaders = (o: Origin) => ({ "x-forwarded-for": o.ip, "user-agent": o.ua });

/** `user` signed in over HTTP from `origin`: the dashboard's procedures as the browser calls them, answering `result.data`. */
export async function dashboardAs(request: APIRequestContext, baseURL: string, user: SeededOrg, origin: Origin) {
  const { sessionCookie } = await attemptSignIn(baseURL, user.email, user.password, originHeaders(origin));
  expect(sessionCookie).not.toBeNull();
  const headers = { cookie: sessionCookie!, ...originHeaders(origin) };
  const ok = async (kind: "query" | "mutation", path: string, input?: unknown) => {
    const res = await trpc(request, kind, path, input, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.result.data;
  };
  return {
    cookie: sessionCookie!,
    headers,
    query: (path: string, input?: unknown) => ok("query", path, input),
    mutation: (path: string, input?: unknown) => ok("mutation", path, input),
    raw: (kind: "query" | "mutation", path: string, input?: unknown) => trpc(request, kind, path, input, headers),
  };
}

/** The organization's audit rows, oldest first (optionally of one action). */
export async function auditRows(db: Db, organizationId: number, action?: string): Promise<AuditEvent[]> {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.organizationId, organizationId))
    .orderBy(asc(auditEvents.createdAt));
  return action ? rows.filter((r) => r.action === action) : rows;
}

/** The one row of `action`; fails unless there is exactly one. */
export async function onlyRow(db: Db, organizationId: number, action: string): Promise<AuditEvent> {
  const rows = await auditRows(db, organizationId, action);
  expect(rows, `${action} rows`).toHaveLength(1);
  return rows[0]!;
}

/** A named v2 token (the log labels token actors by name). */
export async function namedToken(db: Db, organizationId: number, name: string, scopes: string[]) {
  const { id, token } = await createApiToken(db, { organizationId, kind: "v2", scopes, name });
  return { id, token, name };
}

/** Asserts what a row says of who and where, and that nothing secret is anywhere in it. */
export function expectRow(
  row: AuditEvent,
  want: {
    actor: { type: string; id: string | null; label: string };
    target: { type: string; id: string; label: string | null } | null;
    origin: Origin | null;
    metadata?: Record<string, unknown>;
    secrets?: string[];
  },
) {
  expect({ type: row.actorType, id: row.actorId, label: row.actorLabel }).toEqual(want.actor);
  expect(row.targetType === null ? null : { type: row.targetType, id: row.targetId, label: row.targetLabel }).toEqual(want.target);
  if (want.origin) expect({ ip: row.ip, userAgent: row.userAgent }).toEqual({ ip: want.origin.ip, userAgent: want.origin.ua });
  if (want.metadata) expect(row.metadata).toEqual(want.metadata);
  const text = JSON.stringify(row);
  for (const secret of want.secrets ?? []) expect(text).not.toContain(secret);
}
