import { eq } from "drizzle-orm";
import { userSessions } from "../../db/schema";
import { expect, test } from "../fixtures";
import { attemptSignIn } from "./sign-in-client";

/** Signs out as the dashboard's button does: next-auth's CSRF token, then POST /api/auth/signout. */
async function signOut(baseUrl: string, sessionCookie: string) {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`, { headers: { cookie: sessionCookie } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookies = [sessionCookie, ...csrf.headers.getSetCookie().map((c) => c.split(";")[0]!)].join("; ");
  const res = await fetch(`${baseUrl}/api/auth/signout`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies },
    body: new URLSearchParams({ csrfToken, json: "true" }),
  });
  expect(res.status).toBe(200);
}

const me = (baseUrl: string, cookie: string) => fetch(`${baseUrl}/api/trpc/account.me`, { headers: { cookie } });

test.describe("sessions", () => {
  test("signing out ends the session on the server: a copy of the old cookie is refused", async ({ seed, baseURL, clientAddress }) => {
    const user = await seed.org();
    const { sessionCookie } = await attemptSignIn(baseURL!, user.email, user.password, { "x-forwarded-for": clientAddress });
    expect(sessionCookie).not.toBeNull();
    expect((await me(baseURL!, sessionCookie!)).status).toBe(200);
    expect(await seed.db.select().from(userSessions).where(eq(userSessions.userId, user.userId))).toHaveLength(1);

    await signOut(baseURL!, sessionCookie!);
    const after = await me(baseURL!, sessionCookie!);
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ error: { message: "Sign in to continue", data: { code: "UNAUTHORIZED" } } });
    expect(await seed.db.select().from(userSessions).where(eq(userSessions.userId, user.userId))).toHaveLength(0);
    // The session endpoint agrees: nobody.
    expect(await (await fetch(`${baseURL}/api/auth/session`, { headers: { cookie: sessionCookie! } })).json()).toEqual({});
  });

  test("each sign-in is its own session: signing out of one leaves the other on", async ({ seed, baseURL, clientAddress }) => {
    const user = await seed.org();
    const a = await attemptSignIn(baseURL!, user.email, user.password, { "x-forwarded-for": clientAddress });
    const b = await attemptSignIn(baseURL!, user.email, user.password, { "x-forwarded-for": clientAddress });
    await signOut(baseURL!, a.sessionCookie!);
    expect((await me(baseURL!, a.sessionCookie!)).status).toBe(401);
    expect((await me(baseURL!, b.sessionCookie!)).status).toBe(200);
  });

  test("a session whose row has expired is over", async ({ seed, baseURL, clientAddress }) => {
    const user = await seed.org();
    const { sessionCookie } = await attemptSignIn(baseURL!, user.email, user.password, { "x-forwarded-for": clientAddress });
    await seed.db
      .update(userSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userSessions.userId, user.userId));
    expect((await me(baseURL!, sessionCookie!)).status).toBe(401);
  });
});
