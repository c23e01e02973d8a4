import type { APIRequestContext } from "@playwright/test";
import { eq } from "drizzle-orm";
import { oauthGrants } from "../../../db/schema";
import { expect, test } from "../../fixtures";
import { connect, connectNewUser, connectorGet, discover, registerClient, postRefresh } from "../../oauth";

/** The dashboard's procedures over /api/trpc, as the signed-in browser calls them. */
async function trpcQuery(request: APIRequestContext, path: string) {
  const res = await request.get(`/api/trpc/${path}`);
  return { status: res.status(), body: await res.json() };
}
async function trpcMutation(request: APIRequestContext, path: string, input: unknown) {
  const res = await request.post(`/api/trpc/${path}`, { data: input });
  return { status: res.status(), body: await res.json() };
}

test.describe("Connected apps (dashboard procedures)", () => {
  test("lists the organization's connections: client, scopes, who, since, last used", async ({ request, seed, baseURL }) => {
    const { org, client, tokens } = await connectNewUser(request, seed, baseURL!, { scope: "forms:read" });
    // A second connection of the same user, with another client, and one of another organization.
    const zapier = await registerClient(seed.db, { name: "Zapier" });
    await connect(request, await discover(baseURL!), zapier);
    const before = await trpcQuery(request, "connectedApps.list");
    expect(before.status).toBe(200);
    const apps = before.body.result.data;
    expect(apps.map((a: { clientName: string }) => a.clientName)).toEqual(["Zapier", client.name]);
    const grant = (await seed.db.select().from(oauthGrants).where(eq(oauthGrants.userId, org.userId))).find((g) => g.scopes.length === 1);
    expect(apps[1]).toEqual({
      id: grant!.id,
      clientName: client.name,
      selfRegistered: false,
      kind: "connector",
      scopes: ["forms:read"],
      connectedBy: { email: org.email, name: "Test User" },
      createdAt: grant!.createdAt.toISOString(),
      lastUsedAt: grant!.lastUsedAt!.toISOString(),
    });
    // A connector call a minute later moves "last used".
    await seed.db
      .update(oauthGrants)
      .set({ lastUsedAt: new Date(Date.now() - 120_000) })
      .where(eq(oauthGrants.id, grant!.id));
    await connectorGet(request, "/forms", tokens.access_token);
    const [used] = await seed.db.select().from(oauthGrants).where(eq(oauthGrants.id, grant!.id));
    expect(Date.now() - used!.lastUsedAt!.getTime()).toBeLessThan(30_000);
  });

  test("revoke stops the connection's tokens at once and drops it from the list", async ({ request, seed, baseURL }) => {
    const { client, tokens } = await connectNewUser(request, seed, baseURL!);
    const [app] = (await trpcQuery(request, "connectedApps.list")).body.result.data;
    expect((await connectorGet(request, "/user", tokens.access_token)).status).toBe(200);

    const revoked = await trpcMutation(request, "connectedApps.revoke", { id: app.id });
    expect(revoked).toEqual({ status: 200, body: { result: { data: { revoked: true } } } });
    expect((await connectorGet(request, "/user", tokens.access_token)).status).toBe(401);
    const refreshed = await postRefresh(request, client, tokens.refresh_token!);
    expect(refreshed.body.error).toBe("invalid_grant");
    expect((await trpcQuery(request, "connectedApps.list")).body.result.data).toEqual([]);

    // Again, or another organization's connection: 404.
    const again = await trpcMutation(request, "connectedApps.revoke", { id: app.id });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe("Connected app not found");
  });

  test("another organization's connection is neither listed nor revocable", async ({ request, seed, baseURL, playwright }) => {
    const theirs = await connectNewUser(request, seed, baseURL!);
    const [their] = await seed.db.select().from(oauthGrants).where(eq(oauthGrants.userId, theirs.org.userId));
    const mine = await playwright.request.newContext({ baseURL });
    try {
      await connectNewUser(mine, seed, baseURL!);
      const list = (await trpcQuery(mine, "connectedApps.list")).body.result.data;
      expect(list.map((a: { id: number }) => a.id)).not.toContain(their!.id);
      const res = await trpcMutation(mine, "connectedApps.revoke", { id: their!.id });
      expect(res.status).toBe(404);
      expect((await connectorGet(request, "/user", theirs.tokens.access_token)).status).toBe(200);
    } finally {
      await mine.dispose();
    }
  });

  test("signed out: 401", async ({ playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    expect((await trpcQuery(anonymous, "connectedApps.list")).status).toBe(401);
    await anonymous.dispose();
  });
});
