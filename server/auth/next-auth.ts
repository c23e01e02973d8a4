import "server-only";
import type { NextAuthOptions, Session } from "next-auth";
import { getServerSession } from "next-auth";
import { getToken, type JWT } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import { headers } from "next/headers";
import type { NextRequest } from "next/server";
import { z } from "zod";
import { db } from "@/db";
import { env } from "@/server/env";
import { clientAddress } from "@/server/http/client-address";
import { log, logError } from "@/server/log";
import { SIGN_IN_PATH } from "@/lib/app-paths";
import type { SessionUser } from "@/server/services/users/session-user";
import { recordAccountAudit } from "@/server/audit/account";
import { activeSession, endSession, SESSION_DAYS, startSession } from "./sessions";
import { recordSignIn, signInWithPassword } from "./sign-in";

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
    /** The `user_sessions` row this cookie stands for (server/auth/sessions.ts). */
    sessionId?: string;
  }
}

/** The cookie is a JWT naming a server-side session (sessions.ts), which lasts as long. */
const SESSION_MAX_AGE_S = SESSION_DAYS * 24 * 60 * 60;

const ZSessionUser = z.object({
  userId: z.number().int().positive(),
  organizationId: z.number().int().positive(),
  email: z.string(),
  name: z.string(),
});

/** The session user a token carries, or null for a missing or malformed token. */
function sessionUserFromToken(token: JWT | null | undefined): SessionUser | null {
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
 * The token's user while its server-side session is on; null once signed out, expired or
 * removed from the session's organization. The organization is the session row's (switching
 * changes it there), not the token's, with the member's role there read in the same statement.
 */
async function activeSessionUser(token: JWT | null | undefined): Promise<SessionUser | null> {
  const user = sessionUserFromToken(token);
  const session = user && (await activeSession(db(), token?.sessionId, user.userId));
  return session ? { ...user, organizationId: session.organizationId, member: session.member, sessionId: token?.sessionId } : null;
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
      async authorize(credentials, req) {
        const email = credentials?.email;
        const password = credentials?.password;
        if (typeof email !== "string" || typeof password !== "string" || !email || !password) return null;
        let result: Awaited<ReturnType<typeof signInWithPassword>>;
        try {
          const headers = new Headers(req.headers as Record<string, string>);
          result = await signInWithPassword(db(), { email, password, client: clientAddress(headers, env().TRUST_PROXY) });
          await recordSignIn(db(), headers, email, result);
        } catch (err) {
          // A database failure is not "wrong password": log it, let next-auth report an error.
          logError("sign-in failed", err);
          throw new Error("SignInUnavailable");
        }
        if ("user" in result) return { id: String(result.user.userId), ...result.user };
        if (result.error === "CredentialsSignin") return null;
        // next-auth hands the message to the page as ?error=…
        throw new Error(result.error);
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      // `user` is only present right after authorize(): a new server-side session starts.
      if (user) {
        token.sessionId = await startSession(db(), user.userId, user.organizationId);
        token.userId = user.userId;
        token.organizationId = user.organizationId;
        token.email = user.email;
        token.name = user.name;
        token.sub = String(user.userId);
        log.info("signed in", { userId: user.userId });
        return token;
      }
      // Later: the cookie counts only while its session is on (an empty token is no session), in
      // the organization its row names now.
      const active = await activeSessionUser(token);
      return active ? { ...token, organizationId: active.organizationId } : {};
    },
    session({ session, token }) {
      const user = sessionUserFromToken(token);
      // No user (the session ended): an empty answer, which next-auth's client reads as signed out.
      return user ? { ...session, user } : ({} as Session);
    },
  },
  events: {
    // Signing out ends the session on the server: the old cookie is worth nothing after.
    async signOut({ token }) {
      await endSession(db(), token?.sessionId);
      if (token?.userId) {
        log.info("signed out", { userId: token.userId });
        await recordAccountAudit(db(), await requestHeaders(), { userId: token.userId }, "user.signed_out");
      }
    },
  },
  // next-auth's own errors go to our log, described like every other error.
  logger: {
    error: (code, metadata) =>
      logError(`next-auth: ${code}`, metadata instanceof Error ? metadata : ((metadata as { error?: unknown })?.error ?? code)),
    warn: (code) => log.warn(`next-auth: ${code}`),
    debug: () => {},
  },
};

/** The headers of the request next-auth is answering (its route handler's); empty where there is none. */
async function requestHeaders(): Promise<Headers> {
  try {
    return new Headers(await headers());
  } catch {
    return new Headers();
  }
}

/** The session in a server component, layout or server action; null when signed out. */
export async function getSession(): Promise<Session | null> {
  const session = await getServerSession(authOptions);
  return session && ZSessionUser.safeParse(session.user).success ? session : null;
}

/** The signed-in user in a server component, layout or server action; null when signed out. */
export async function getSessionUser(): Promise<SessionUser | null> {
  return (await getSession())?.user ?? null;
}

/** The signed-in user of a route-handler request (the JWT cookie, and its session's row). */
export async function getSessionUserFromRequest(req: NextRequest): Promise<SessionUser | null> {
  return activeSessionUser(await getToken({ req }));
}
