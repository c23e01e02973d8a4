import { randomUUID } from "node:crypto";
import { like, or } from "drizzle-orm";
import { rateLimitCounters } from "../../db/schema";
import { expect, newClientAddress, test } from "../fixtures";
import { attemptSignIn, median } from "./sign-in-client";

/** Sign-in over HTTP from a client address of our choosing (the test server trusts one proxy). */
const from = (client: string) => ({ "x-forwarded-for": client });

test.describe("sign-in throttling", () => {
  test("10 wrong passwords lock that client out of that account only: the owner signs in from another network", async ({
    seed,
    baseURL,
  }) => {
    const owner = await seed.org();
    const stranger = newClientAddress();
    for (let i = 1; i <= 10; i++) {
      expect((await attemptSignIn(baseURL!, owner.email, `guess ${i}`, from(stranger))).error, `attempt ${i}`).toBe("CredentialsSignin");
    }
    // Even the right password: this client is done with this account for a while.
    const locked = await attemptSignIn(baseURL!, owner.email, owner.password, from(stranger));
    expect(locked).toMatchObject({ error: "TooManyAttempts", sessionCookie: null });
    // The stranger may still sign in to an account of their own.
    const own = await seed.org();
    expect((await attemptSignIn(baseURL!, own.email, own.password, from(stranger))).error).toBeNull();

    const home = await attemptSignIn(baseURL!, owner.email, owner.password, from(newClientAddress()));
    expect(home.error).toBeNull();
    expect(home.sessionCookie).toMatch(/^next-auth\.session-token=.+/);
  });

  test("one client spraying a password over many emails is refused after 30 attempts, whichever the account", async ({ seed, baseURL }) => {
    const sprayer = newClientAddress();
    for (let i = 1; i <= 30; i++) {
      expect(
        (await attemptSignIn(baseURL!, `victim-${i}-${randomUUID()}@example.test`, "Summer2025!", from(sprayer))).error,
        `attempt ${i}`,
      ).toBe("CredentialsSignin");
    }
    const real = await seed.org();
    expect((await attemptSignIn(baseURL!, real.email, real.password, from(sprayer))).error).toBe("TooManyAttemptsFromClient");
    // Other clients are not concerned.
    expect((await attemptSignIn(baseURL!, real.email, real.password, from(newClientAddress()))).error).toBeNull();
  });

  test("an attack on one account from many clients slows it down but never locks the owner out", async ({ seed, baseURL }) => {
    test.setTimeout(90_000);
    const owner = await seed.org();
    // 6 clients × 10 guesses: each pair stops at its limit; the account has seen 60 failures (> 50).
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        const client = newClientAddress();
        for (let i = 1; i <= 10; i++)
          expect((await attemptSignIn(baseURL!, owner.email, `guess ${i}`, from(client))).error).toBe("CredentialsSignin");
      }),
    );
    const home = await attemptSignIn(baseURL!, owner.email, owner.password, from(newClientAddress()));
    expect(home.error).toBeNull();
    // The 61st attempt waits 11 × 250 ms before its password is checked.
    expect(home.ms).toBeGreaterThanOrEqual(2_750);
    expect(home.ms).toBeLessThan(10_000);
  });

  test("successful sign-ins do not use up a client's attempts (many people behind one address)", async ({ seed, baseURL }) => {
    const office = newClientAddress();
    const people = await Promise.all(Array.from({ length: 7 }, () => seed.org()));
    for (let round = 1; round <= 5; round++) {
      for (const person of people) expect((await attemptSignIn(baseURL!, person.email, person.password, from(office))).error).toBeNull();
    }
    // 35 sign-ins later, a typo is still just a typo.
    expect((await attemptSignIn(baseURL!, people[0]!.email, "typo", from(office))).error).toBe("CredentialsSignin");
  });

  test("an 8 KB email is a wrong answer like any other, and counters keep no email and expire", async ({ seed, baseURL }) => {
    const client = newClientAddress();
    const huge = `${"a".repeat(8 * 1024)}@example.test`;
    expect((await attemptSignIn(baseURL!, huge, "whatever", from(client))).error).toBe("CredentialsSignin");
    const marker = `marker-${randomUUID()}`;
    expect((await attemptSignIn(baseURL!, `${marker}@example.test`, "whatever", from(client))).error).toBe("CredentialsSignin");

    const rows = await seed.db
      .select()
      .from(rateLimitCounters)
      .where(
        or(
          like(rateLimitCounters.key, `signin:%${client}%`),
          like(rateLimitCounters.key, `%${marker}%`),
          like(rateLimitCounters.key, "%aaaaaaaa%"),
        ),
      );
    // Per client: the pair counters of both emails (named by a hash) and the client's own counter.
    const keys = rows.map((r) => r.key);
    expect(keys).toHaveLength(3);
    expect(keys.filter((k) => k === `signin:client:${client}`)).toHaveLength(1);
    expect(keys.filter((k) => /^signin:pair:[0-9a-f]{32}:/.test(k) && k.endsWith(`:${client}`))).toHaveLength(2);
    for (const row of rows) {
      expect(row.key).not.toContain(marker);
      // Each row lives as long as its 15-minute window.
      expect(row.expiresAt.getTime() - row.windowStart.getTime()).toBe(15 * 60 * 1000);
    }
  });

  test("an unknown email and a wrong password take as long and get the same answer", async ({ seed, baseURL }) => {
    test.setTimeout(90_000);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 22; i++) {
      const user = await seed.org();
      const a = await attemptSignIn(baseURL!, user.email, "not the password", from(newClientAddress()));
      const b = await attemptSignIn(baseURL!, `nobody-${randomUUID()}@example.test`, "not the password", from(newClientAddress()));
      expect([a.error, b.error]).toEqual(["CredentialsSignin", "CredentialsSignin"]);
      // The first rounds warm the server up.
      if (i >= 2) {
        known.push(a.ms);
        unknown.push(b.ms);
      }
    }
    const ratio = median(unknown) / median(known);
    expect(ratio, `medians: existing ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms`).toBeGreaterThan(0.75);
    expect(ratio).toBeLessThan(1.33);
  });
});
