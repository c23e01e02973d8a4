import type { NextAuthOptions, Session } from "next-auth";
import { getServerSession } from "next-auth";
import { getToken, type JWT } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import type { NextRequest } from "next/server";
import { z } from "zod";
import { db } from "@/db";
import { logError } from "@/server/log";
import { SIGN_IN_PATH } from "@/server/paths";
import { clearRateLimit, hitRateLimit } from "./rate-limit";
import { authenticateUser } from "@/server/services/users/authenticate";
import type { SessionUser } from "@/server/services/users/session-user";

declare module "next-auth" {
  interface User {
    userId: number;
    organizationId: number;
  }
  interface Session {
    user: SessionUser;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    userId?: number;
    organizationId?: number;
  }
}


/** Failed sign-ins allowed per email before it is locked for the rest of the window. */
const SIGN_IN_ATTEMPTS = 10;
const SIGN_IN_WINDOW_S = 15 * 60;

/** Sessions are JWTs in a cookie (stateless: any instance can read them). 30 days. */
const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

const ZSessionUser = z.object({
  userId: z.number().int().positive(),
  organizationId: z.number().int().positive(),
  email: z.string(),
  name: z.string(),
});

/** The session user a token carries, or null for a missing or malformed token. */
export function sessionUserFromToken(token: JWT | null | undefined): SessionUser | null {
  if (!token) return null;
  const parsed = ZSessionUser.safeParse({
    userId: token.userId,
    organizationId: token.organizationId,
    email: token.email,
    name: token.name ?? "",
  });
  return parsed.success ? parsed.data : null;
}

/**
 * next-auth v4, email + password, JWT sessions. The signing secret is NEXTAUTH_SECRET, read
 * by next-auth at request time (not here: `next build` imports this module without it).
 */
export const authOptions: NextAuthOptions = {
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
  pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
  providers: [
    CredentialsProvider({
      id: "credentials",
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
      },
      async authorize(credentials) {
        const email = credentials?.email;
        const password = credentials?.password;
        if (typeof email !== "string" || typeof password !== "string" || !email || !password) return null;
        try {
          // Password guessing: at most SIGN_IN_ATTEMPTS tries per email per window, on every instance.
          const key = `signin:${email.trim().toLowerCase()}`;
          if (!(await hitRateLimit(db(), key, SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW_S)).exceeded) {
            const user = await authenticateUser(db(), email, password);
            if (!user) return null;
            await clearRateLimit(db(), key);
            return { id: String(user.userId), ...user };
          }
        } catch (err) {
          // A database failure is not "wrong password": log it, let next-auth report an error.
          logError("sign-in failed", err);
          throw new Error("SignInUnavailable");
        }
        // Only reached when the attempt was throttled.
        throw new Error("TooManyAttempts");
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      // `user` is only present right after authorize(); later calls keep the token as is.
      if (user) {
        token.userId = user.userId;
        token.organizationId = user.organizationId;
        token.email = user.email;
        token.name = user.name;
        token.sub = String(user.userId);
      }
      return token;
    },
    session({ session, token }) {
      const user = sessionUserFromToken(token);
      if (user) session.user = user;
      return session;
    },
  },
};

/** The session in a server component, layout or server action; null when signed out. */
export async function getSession(): Promise<Session | null> {
  const session = await getServerSession(authOptions);
  return session && ZSessionUser.safeParse(session.user).success ? session : null;
}

/** The signed-in user in a server component, layout or server action; null when signed out. */
export async function getSessionUser(): Promise<SessionUser | null> {
  return (await getSession())?.user ?? null;
}

/** The signed-in user of a route-handler request (reads the JWT cookie directly). */
export async function getSessionUserFromRequest(req: NextRequest): Promise<SessionUser | null> {
  return sessionUserFromToken(await getToken({ req }));
}
