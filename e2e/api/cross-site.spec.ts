import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { uniqueLinks, users } from "../../db/schema";
import { expect, test } from "../fixtures";
import { attemptSignIn } from "./sign-in-client";
import { trpc } from "./trpc-client";

const EVIL = "https://evil.example";
const newUser = () => ({ name: "Mallory", email: `csrf-${randomUUID()}@example.test`, password: "a long enough password" });

test.describe("tRPC mutations check where they come from", () => {
  test("another origin is refused in tRPC's error shape, and nothing happens", async ({ request, seed, baseURL }) => {
    const input = newUser();
    const r = await trpc(request, "mutation", "account.signUp", input, { origin: EVIL });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({
      error: {
        message:
          `This request comes from ${EVIL}, not from ${new URL(baseURL!).origin}: ` +
          `open Formhouse at ${new URL(baseURL!).origin} (APP_URL).`,
        code: -32003,
        data: { code: "FORBIDDEN", httpStatus: 403, path: "account.signUp" },
      },
    });
    expect(await seed.db.select().from(users).where(eq(users.email, input.email))).toHaveLength(0);
  });

  test("a browser request from another site without Origin is refused; one from this site goes on", async ({ request, baseURL }) => {
    const crossSite = await trpc(request, "mutation", "account.signUp", newUser(), { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.error.data.code).toBe("FORBIDDEN");
    const sameOrigin = await trpc(request, "mutation", "account.signUp", newUser(), {
      origin: new URL(baseURL!).origin,
      "sec-fetch-site": "same-origin",
    });
    expect(sameOrigin.status).toBe(200);
    // Not a browser at all (no Origin, no Sec-Fetch-Site): cannot carry anyone's cookies.
    expect((await trpc(request, "mutation", "account.signUp", newUser())).status).toBe(200);
  });

  test("a signed-in user's mutation from another origin is refused, every call of a batch", async ({
    request,
    seed,
    baseURL,
    clientAddress,
  }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, { elements: [{ id: "q", type: "short-text", label: "Name" }] }, { publish: true });
    const { sessionCookie } = await attemptSignIn(baseURL!, org.email, org.password, { "x-forwarded-for": clientAddress });
    const input = { formUuid: form.uuid, links: [{ entryName: "ada@example.com" }] };

    const batch = await request.post("/api/trpc/uniqueLinks.bulkCreate,uniqueLinks.bulkCreate?batch=1", {
      headers: { cookie: sessionCookie!, origin: EVIL, "content-type": "application/json" },
      data: JSON.stringify({ 0: input, 1: { ...input, links: [{ entryName: "bob@example.com" }] } }),
    });
    expect(batch.status()).toBe(403);
    const answers = (await batch.json()) as { error: { data: { code: string; path: string } } }[];
    expect(answers.map((a) => [a.error.data.code, a.error.data.path])).toEqual([
      ["FORBIDDEN", "uniqueLinks.bulkCreate"],
      ["FORBIDDEN", "uniqueLinks.bulkCreate"],
    ]);
    expect(await seed.db.select().from(uniqueLinks).where(eq(uniqueLinks.formId, form.id))).toHaveLength(0);

    // The same call from the dashboard's own origin works.
    const ok = await trpc(request, "mutation", "uniqueLinks.bulkCreate", input, {
      cookie: sessionCookie!,
      origin: new URL(baseURL!).origin,
    });
    expect(ok.status).toBe(200);
    expect(await seed.db.select().from(uniqueLinks).where(eq(uniqueLinks.formId, form.id))).toHaveLength(1);
  });

  test("queries are reads and need no Origin check", async ({ request }) => {
    const r = await trpc(request, "query", "account.me", undefined, { origin: EVIL });
    expect(r.status).toBe(401);
    expect(r.body.error.message).toBe("Sign in to continue");
  });
});
