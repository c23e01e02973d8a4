import { and, eq } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import { oauthGrants, webhooks } from "../../db/schema";
import { startReceiver } from "../api/webhooks/receiver";
import { expect, test } from "../fixtures";
import { connect, connectorGet, discover, refresh, registerClient, signInApi } from "../oauth";
import { openDashboardPage } from "./helpers";
import { expectAccessibleAndNarrow, expectDialogTrapsFocus } from "./page-checks";

/** Connected apps: an OAuth connection made with a real client library, revoked in the dashboard. */

test.describe("Connected apps page", () => {
  test("lists the connection in words and revoking it ends its tokens and its subscriptions", async ({ page, request, seed, baseURL }) => {
    test.setTimeout(120_000);
    const org = await seed.org();
    const client = await registerClient(seed.db);
    await signInApi(request, org);
    const as = await discover(baseURL!);
    const tokens = await connect(request, as, client, { scope: "profile:read forms:read submission:read" });
    const form = await seed.form(
      org.organizationId,
      { name: "Leads", elements: [{ id: "q_name", label: "Name", type: "short-text" }] },
      { publish: true },
    );
    // The connection subscribes to the form, as an automation platform does (a real endpoint on loopback).
    const receiver = await startReceiver();
    const subscribed = await request.post("/connector/webhooks", {
      headers: { authorization: `Bearer ${tokens.access_token}` },
      data: { webhook: { form_id: form.id, target_url: receiver.url, events: ["submission.created"] } },
    });
    await receiver.close();
    expect(subscribed.status()).toBe(201);
    const subscriptionId = (await subscribed.json()).id as number;
    expect((await connectorGet(request, "/user", tokens.access_token)).status).toBe(200);

    await openDashboardPage(page, org, "/connected-apps", "Connected apps");
    const card = page.getByTestId("app-row");
    await expect(card).toHaveCount(1);
    await expect(card.locator(".item-title")).toHaveText(client.name);
    await expect(card.getByRole("list", { name: "What it may do" }).getByRole("listitem")).toHaveText([
      "See your name and email address",
      "See the list of your organization's forms",
      "Receive new submissions to your organization's forms",
    ]);
    await expect(card).toContainText(`Connected byTest User (${org.email})`);
    await expect(card).toContainText("Last used");
    await expectAccessibleAndNarrow(page, "connected-apps");

    const revoke = card.getByRole("button", { name: `Revoke ${client.name}` });
    await revoke.click();
    await expectDialogTrapsFocus(page, `Disconnect ${client.name}?`, revoke);
    await revoke.click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke access" }).click();
    await expect(page.getByRole("status")).toHaveText(/Test Platform was disconnected\./);
    await expect(page.getByRole("heading", { name: "No connected apps" })).toBeVisible();

    // The access token, the refresh token and the subscription are gone with the grant.
    expect((await connectorGet(request, "/user", tokens.access_token)).status).toBe(401);
    const refreshed = await refresh(as, client, tokens.refresh_token!).catch((e: unknown) => e);
    expect(refreshed).toBeInstanceOf(oauth.ResponseBodyError);
    expect((refreshed as oauth.ResponseBodyError).error).toBe("invalid_grant");
    expect(await seed.db.select().from(webhooks).where(eq(webhooks.id, subscriptionId))).toEqual([]);
    const grants = await seed.db
      .select()
      .from(oauthGrants)
      .where(and(eq(oauthGrants.organizationId, org.organizationId)));
    expect(grants).toHaveLength(1);
    expect(grants[0]!.revokedAt).not.toBeNull();
  });
});
