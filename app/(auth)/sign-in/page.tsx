import { FORGOT_PASSWORD_PATH, SIGN_UP_PATH, withCallback } from "@/lib/app-paths";
import type { Metadata } from "next";
import Link from "next/link";
import { env } from "@/server/env";
import { firstParam, safeCallbackUrl } from "../safe-callback";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl, env().APP_URL);
  return (
    <div className="auth-card">
      <h1>Sign in</h1>
      <p className="auth-lead">Welcome back. Sign in to manage your forms.</p>
      <SignInForm callbackUrl={callbackUrl} initialError={firstParam(params.error) ?? null} />
      <p className="auth-switch">
        <Link href={FORGOT_PASSWORD_PATH}>Forgot password?</Link>
      </p>
      <p className="auth-switch">
        New to Formhouse? <Link href={withCallback(SIGN_UP_PATH, callbackUrl)}>Create an account</Link>
      </p>
    </div>
  );
}
