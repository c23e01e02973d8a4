import { ACCOUNT_PATH, FORMS_PATH, SIGN_IN_PATH } from "@/lib/app-paths";
import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import Link from "next/link";
import { serverCaller } from "@/app/_trpc/server";
import { getSession } from "@/server/auth/next-auth";
import { EMAIL_LINK_GONE } from "@/server/services/users/email-change";
import { firstParam } from "../safe-callback";

export const metadata: Metadata = { title: "Confirm your email" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The page of the link mailed to a new email: opening it makes the change (account.confirmEmailChange),
 * signed in or not, and says how it went.
 */
export default async function ConfirmEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const token = firstParam((await searchParams).token) ?? "";
  const outcome = await (await serverCaller(null)).account.confirmEmailChange({ token }).then(
    ({ email }) => ({ email, problem: null }),
    (err: unknown) => {
      if (!(err instanceof TRPCError) || !["CONFLICT", "PRECONDITION_FAILED", "BAD_REQUEST"].includes(err.code)) throw err;
      // A link cut short or run on is no link of ours: the same words as for a used one.
      return { email: null, problem: err.code === "BAD_REQUEST" ? EMAIL_LINK_GONE : err.message };
    },
  );
  const signedIn = Boolean(await getSession());
  return (
    <div className="auth-card">
      <h1>{outcome.email ? "Email confirmed" : "Email not changed"}</h1>
      {outcome.email ? (
        <p className="alert alert-success" role="status">
          {`Your sign-in email is now ${outcome.email}.`}
        </p>
      ) : (
        <p className="alert alert-error" role="alert">
          {outcome.problem}
        </p>
      )}
      <p className="auth-switch">
        {!signedIn ? (
          <Link href={SIGN_IN_PATH}>Sign in</Link>
        ) : outcome.email ? (
          <Link href={FORMS_PATH}>Go to your forms</Link>
        ) : (
          <Link href={ACCOUNT_PATH}>Go to your Account page</Link>
        )}
      </p>
    </div>
  );
}
