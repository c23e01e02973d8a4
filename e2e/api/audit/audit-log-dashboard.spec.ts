import { and, eq } from "drizzle-orm";
import { memberships } from "../../../db/schema";
import { AUDIT_FILTER_MESSAGES } from "../../../server/audit/filter-params";
import { permissionRefusal } from "../../../lib/permissions";
import { recordAudit, type AuditActor } from "../../../server/audit/record";
import { expect, test } from "../../fixtures";
import { dashboardAs, newOrigin } from "./audit-helpers";

/** The dashboard's side of the log over HTTP: audit.list and audit.actors, the CSV route, and who may read them. */

test.describe("the audit log in the dashboard", () => {
  test("audit.list pages and filters the organization's rows; audit.actors names who acted", async ({ seed, baseURL, request }) => {
    const user = await seed.org();
    const other = await seed.org();
    const as = await dashboardAs(request, baseURL!, user, newOrigin());
    const system: AuditActor = {
      organizationId: user.organizationId,
      type: "system",
      id: null,
      label: "Admin CLI",
      ip: null,
      userAgent: null,
    };
    await recordAudit(seed.db, system, "token.created", { type: "api_token", id: 1, label: "Backup" });
    await recordAudit(seed.db, { ...system, organizationId: other.organizationId }, "token.created", {
      type: "api_token",
      id: 2,
      label: "Theirs",
    });

    const all = await as.query("audit.list", {});
    expect(all).toMatchObject({ page: 1, perPage: 20, total: 2, totalPages: 1 });
    expect(all.events.map((e: { action: string }) => e.action)).toEqual(["token.created", "user.signed_in"]);
    const tokens = await as.query("audit.list", { action: "token.created" });
    expect(tokens.events).toHaveLength(1);
    expect(tokens.events[0].target).toEqual({ type: "api_token", id: "1", label: "Backup" });
    expect((await as.query("audit.list", { actor: "system" })).total).toBe(1);
    expect((await as.query("audit.list", { since: new Date(Date.now() + 60_000).toISOString() })).total).toBe(0);
    expect(await as.query("audit.actors")).toEqual([
      { type: "system", id: null, label: "Admin CLI" },
      { type: "user", id: String(user.userId), label: user.email },
    ]);

    const bad = await as.raw("query", "audit.list", { action: "nope" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(AUDIT_FILTER_MESSAGES.action);
    expect(bad.body.error.data.inputPath).toEqual(["action"]);
  });

  test("the CSV route streams the filtered rows; 401 signed out, 400 for a bad filter", async ({ seed, baseURL, request }) => {
    const user = await seed.org();
    const as = await dashboardAs(request, baseURL!, user, newOrigin());
    const system: AuditActor = {
      organizationId: user.organizationId,
      type: "system",
      id: null,
      label: "Admin CLI",
      ip: null,
      userAgent: null,
    };
    await recordAudit(seed.db, system, "token.created", { type: "api_token", id: 1, label: '=HYPERLINK("x")' }, { kind: "v2" });

    const res = await fetch(`${baseURL}/settings/audit/export?action=token.created`, { headers: as.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^\d{4}-\d{2}-\d{2}T[^,]+,Formhouse,,Admin CLI,token\.created,Created an API token,api_token,1,"'=HYPERLINK\(""x""\)",,,/,
    );

    const everything = await (await fetch(`${baseURL}/settings/audit/export`, { headers: as.headers })).text();
    expect(everything).toContain("user.signed_in");

    const signedOut = await fetch(`${baseURL}/settings/audit/export`);
    expect(signedOut.status).toBe(401);
    const badFilter = await fetch(`${baseURL}/settings/audit/export?since=soon`, { headers: as.headers });
    expect(badFilter.status).toBe(400);
    expect(await badFilter.text()).toBe(AUDIT_FILTER_MESSAGES.since);
  });

  test("a member whose role may not read it gets a 403 sentence from the list, the actors and the CSV", async ({
    seed,
    baseURL,
    request,
  }) => {
    const user = await seed.org();
    const as = await dashboardAs(request, baseURL!, user, newOrigin());
    await seed.db
      .update(memberships)
      .set({ role: "viewer" })
      .where(and(eq(memberships.userId, user.userId), eq(memberships.organizationId, user.organizationId)));
    const AUDIT_FORBIDDEN = permissionRefusal({ role: "viewer", formIds: null }, "audit.view");
    expect(AUDIT_FORBIDDEN).toBe("Your role (viewer) cannot read the audit log: ask an admin or owner");
    for (const path of ["audit.list", "audit.actors"]) {
      const res = await as.raw("query", path, path === "audit.list" ? {} : undefined);
      expect(res.status, path).toBe(403);
      expect(res.body.error.message, path).toBe(AUDIT_FORBIDDEN);
    }
    const csv = await fetch(`${baseURL}/settings/audit/export`, { headers: as.headers });
    expect(csv.status).toBe(403);
    expect(await csv.text()).toBe(AUDIT_FORBIDDEN);
  });
});
