import { SIGN_IN_PATH, withCallback } from "@/lib/app-paths";
import type { Metadata } from "next";
import Link from "next/link";
import { db } from "@/db";
import { env } from "@/server/env";
import { publicSignUpOpen, SIGN_UP_CLOSED } from "@/server/services/users/create-user";
import { safeCallbackUrl } from "../safe-callback";
import { SignUpForm } from "./sign-up-form";

export const metadata: Metadata = { title: "Create an account" };
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * Sign-up, which like sign-in returns to `callbackUrl` (a deep link, an OAuth consent) once signed in.
 * With SIGNUP=invite-only the page says so instead of a form that could only fail (the procedure refuses too).
 */
export default async function SignUpPage({ searchParams }: { searchParams: SearchParams }) {
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl, env().APP_URL);
  const open = await publicSignUpOpen(db(), env().SIGNUP);
  return (
    <div className="auth-card">
      <h1>Create your account</h1>
      {open ? (
        <>
          <p className="auth-lead">You get an organization of your own for your forms.</p>
          <SignUpForm callbackUrl={callbackUrl} />
        </>
      ) : (
        <p className="auth-lead" data-testid="sign-up-closed">
          {SIGN_UP_CLOSED}. The invitation&apos;s link lets you create your account.
        </p>
      )}
      <p className="auth-switch">
        Already have an account? <Link href={withCallback(SIGN_IN_PATH, callbackUrl)}>Sign in</Link>
      </p>
    </div>
  );
}
