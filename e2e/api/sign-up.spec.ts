import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { memberships, users } from "../../db/schema";
import { expect, newClientAddress, test } from "../fixtures";
import { attemptSignIn, median } from "./sign-in-client";
import { trpc } from "./trpc-client";

const newUser = (email = `new-${randomUUID()}@example.test`) => ({ name: "Ada", email, password: "a long enough password" });

test.describe("sign-up", () => {
  test("a new and a taken email get the same answer; the taken account is left as it was", async ({ request, seed, baseURL }) => {
    const fresh = await trpc(request, "mutation", "account.signUp", newUser());
    const existing = await seed.org();
    const taken = await trpc(request, "mutation", "account.signUp", {
      ...newUser(existing.email.toUpperCase()),
      password: "an attacker's password",
    });
    expect(fresh.status).toBe(200);
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual(fresh.body);
    expect(fresh.body).toEqual({ result: {} });

    // Nothing changed for the owner: one membership, the same password, not the new one.
    const [user] = await seed.db.select().from(users).where(eq(users.email, existing.email));
    expect(await seed.db.select().from(memberships).where(eq(memberships.userId, user!.id))).toHaveLength(1);
    expect((await attemptSignIn(baseURL!, existing.email, "an attacker's password", { "x-forwarded-for": newClientAddress() })).error).toBe(
      "CredentialsSignin",
    );
    expect((await attemptSignIn(baseURL!, existing.email, existing.password, { "x-forwarded-for": newClientAddress() })).error).toBeNull();
  });

  test("a new and a taken email take as long", async ({ request, seed }) => {
    test.setTimeout(90_000);
    const fresh: number[] = [];
    const taken: number[] = [];
    for (let i = 0; i < 22; i++) {
      const existing = await seed.org();
      const headers = () => ({ "x-forwarded-for": newClientAddress() });
      const signUp = (email?: string) => trpc(request, "mutation", "account.signUp", newUser(email), headers());
      // Each goes first in turn, so a drift in the machine's load weighs on both alike.
      const first = i % 2 === 0 ? await signUp() : await signUp(existing.email);
      const second = i % 2 === 0 ? await signUp(existing.email) : await signUp();
      const [a, b] = i % 2 === 0 ? [first, second] : [second, first];
      expect([a.status, b.status]).toEqual([200, 200]);
      if (i >= 2) {
        fresh.push(a.ms);
        taken.push(b.ms);
      }
    }
    const ratio = median(taken) / median(fresh);
    expect(ratio, `medians: new ${median(fresh).toFixed(1)} ms, taken ${median(taken).toFixed(1)} ms`).toBeGreaterThan(0.75);
    expect(ratio).toBeLessThan(1.33);
  });

  test("a client may sign up 10 times an hour; the 11th is refused and creates nothing", async ({ request, seed }) => {
    for (let i = 1; i <= 10; i++) expect((await trpc(request, "mutation", "account.signUp", newUser())).status, `sign-up ${i}`).toBe(200);
    const eleventh = newUser();
    const refused = await trpc(request, "mutation", "account.signUp", eleventh);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: {
        message: "Too many accounts were created from your network. Please try again in an hour.",
        data: { code: "TOO_MANY_REQUESTS", httpStatus: 429, path: "account.signUp" },
      },
    });
    expect(await seed.db.select().from(users).where(eq(users.email, eleventh.email))).toHaveLength(0);
    // Another client is not concerned.
    expect((await trpc(request, "mutation", "account.signUp", newUser(), { "x-forwarded-for": newClientAddress() })).status).toBe(200);
  });

  test("an 8 KB email is a validation error, not a database error", async ({ request }) => {
    const r = await trpc(request, "mutation", "account.signUp", newUser(`${"a".repeat(8 * 1024)}@example.test`));
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain("email must be at most 254 characters");
  });
});
