import { FORGOT_PASSWORD_PATH } from "@/lib/app-paths";
import type { Metadata } from "next";
import Link from "next/link";
import { serverCaller } from "@/app/_trpc/server";
import { RESET_LINK_GONE } from "@/server/services/users/password-reset";
import { firstParam } from "../safe-callback";
import { ResetPasswordForm } from "./reset-password-form";

export const metadata: Metadata = { title: "Choose a new password" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The page of a reset mail's link: the form while its token can still be used, else why not and where to get a new one. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const token = firstParam((await searchParams).token) ?? "";
  const { usable } = token ? await (await serverCaller(null)).account.passwordResetStatus({ token }) : { usable: false };
  return (
    <div className="auth-card">
      <h1>Choose a new password</h1>
      {usable ? (
        <>
          <p className="auth-lead">Every session of your account is signed out, and you are signed in here with the new password.</p>
          <ResetPasswordForm token={token} />
        </>
      ) : (
        <p className="alert alert-error" role="alert">
          {RESET_LINK_GONE}
        </p>
      )}
      <p className="auth-switch">
        Link not working? <Link href={FORGOT_PASSWORD_PATH}>Ask for a new one</Link>
      </p>
    </div>
  );
}
