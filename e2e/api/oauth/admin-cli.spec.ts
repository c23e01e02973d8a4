import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { oauthClients } from "../../../db/schema";
import { hashSecret } from "../../../server/oauth/secrets";
import { expect, test } from "../../fixtures";
import { CALLBACK_ORIGIN, connect, connectorGet, discover, signInApi } from "../../oauth";
import { cli, failed, json } from "../cli";

test.describe("admin CLI: OAuth clients", () => {
  // Each CLI run starts npm and tsx (~1 s idle, several under a loaded CI machine).
  test.describe.configure({ timeout: 120_000 });

  test("create-oauth-client prints the id and the secret once; only its hash is stored; a platform connects with it", async ({
    request,
    seed,
    baseURL,
  }) => {
    const uris = [`${CALLBACK_ORIGIN}/cli/${Date.now()}`, "https://www.integromat.com/oauth/cb/app"];
    const out = json(await cli("create-oauth-client", "--name", "Make", "--redirect-uri", uris[0]!, "--redirect-uri", uris[1]!));
    expect(Object.keys(out).sort()).toEqual(["clientId", "clientSecret"]);
    expect(out.clientId).toMatch(/^fh_client_[0-9a-f]{24}$/);
    expect(out.clientSecret).toMatch(/^fh_cs_[A-Za-z0-9_-]{43}$/);

    const [row] = await seed.db.select().from(oauthClients).where(eq(oauthClients.clientId, out.clientId));
    expect(row).toMatchObject({ name: "Make", redirectUris: uris, clientSecretHash: hashSecret(out.clientSecret) });
    expect(JSON.stringify(row)).not.toContain(out.clientSecret);

    const listed = json(await cli("list-oauth-clients"));
    const mine = listed.clients.find((c: { clientId: string }) => c.clientId === out.clientId);
    expect(mine).toEqual({
      clientId: out.clientId,
      name: "Make",
      redirectUris: uris,
      public: false,
      createdAt: row!.createdAt.toISOString(),
    });
    expect(JSON.stringify(listed)).not.toContain(out.clientSecret);

    const org = await seed.org();
    await signInApi(request, org);
    const client = { id: out.clientId, secret: out.clientSecret, redirectUri: uris[0]!, name: "Make" };
    const tokens = await connect(request, await discover(baseURL!), client);
    expect((await connectorGet(request, "/user", tokens.access_token)).body.email).toBe(org.email);

    // Deleting the client ends every connection made with it.
    expect(json(await cli("delete-oauth-client", "--client-id", out.clientId))).toEqual({ deleted: true });
    expect((await connectorGet(request, "/user", tokens.access_token)).status).toBe(401);
    expect(await seed.db.select().from(oauthClients).where(eq(oauthClients.clientId, out.clientId))).toHaveLength(0);
    failed(await cli("delete-oauth-client", "--client-id", out.clientId), 1, "no OAuth client has this --client-id");
  });

  test("create-oauth-client --public gets no secret and is listed as public", async ({ seed }) => {
    const out = json(await cli("create-oauth-client", "--name", "Desktop", "--redirect-uri", "http://localhost:8765/cb", "--public"));
    expect(Object.keys(out)).toEqual(["clientId"]);
    const [row] = await seed.db.select().from(oauthClients).where(eq(oauthClients.clientId, out.clientId));
    expect(row!.clientSecretHash).toBeNull();
    const listed = json(await cli("list-oauth-clients"));
    expect(listed.clients.find((c: { clientId: string }) => c.clientId === out.clientId)).toMatchObject({
      public: true,
      redirectUris: ["http://localhost:8765/cb"],
    });
  });

  test("bad redirect URIs and missing options are refused before anything is written", async ({ seed }) => {
    const name = `Refused ${randomUUID()}`;
    const cases: [string[], number, string][] = [
      [
        ["--name", name, "--redirect-uri", "http://platform.example/cb"],
        1,
        "redirect URI 'http://platform.example/cb' must use https (http only for localhost)",
      ],
      [
        ["--name", name, "--redirect-uri", "https://platform.example/cb#frag"],
        1,
        "redirect URI 'https://platform.example/cb#frag' must not contain a fragment (#…)",
      ],
      [["--name", name, "--redirect-uri", "/cb"], 1, "redirect URI '/cb' is not an absolute URL"],
      [
        ["--name", name, "--redirect-uri", "https://ok.example/cb", "--redirect-uri", "ftp://x.example/cb"],
        1,
        "redirect URI 'ftp://x.example/cb' must use https (http only for localhost)",
      ],
      [["--name", "X"], 2, "--redirect-uri is required (repeat it for several)"],
      [["--redirect-uri", "https://ok.example/cb"], 2, "--name is required"],
      [["--name", " ", "--redirect-uri", "https://ok.example/cb"], 1, "a client needs a name"],
    ];
    for (const [args, code, message] of cases) failed(await cli("create-oauth-client", ...args), code, message);
    failed(await cli("delete-oauth-client"), 2, "--client-id is required");
    expect(await seed.db.select().from(oauthClients).where(eq(oauthClients.name, name))).toHaveLength(0);
  });
});
