import { SIGN_IN_PATH, withCallback } from "@/lib/app-paths";
import type { Metadata } from "next";
import Link from "next/link";
import { env } from "@/server/env";
import { safeCallbackUrl } from "../safe-callback";
import { SignUpForm } from "./sign-up-form";

export const metadata: Metadata = { title: "Create an account" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Sign-up, which like sign-in returns to `callbackUrl` (a deep link, an OAuth consent) once signed in. */
export default async function SignUpPage({ searchParams }: { searchParams: SearchParams }) {
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl, env().APP_URL);
  return (
    <div className="auth-card">
      <h1>Create your account</h1>
      <p className="auth-lead">You get an organization of your own for your forms.</p>
      <SignUpForm callbackUrl={callbackUrl} />
      <p className="auth-switch">
        Already have an account? <Link href={withCallback(SIGN_IN_PATH, callbackUrl)}>Sign in</Link>
      </p>
    </div>
  );
}
