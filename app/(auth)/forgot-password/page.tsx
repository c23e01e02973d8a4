import { SIGN_IN_PATH } from "@/lib/app-paths";
import type { Metadata } from "next";
import Link from "next/link";
import { mailConfigured } from "@/server/mail/runtime";
import { ForgotPasswordForm } from "./forgot-password-form";

export const metadata: Metadata = { title: "Forgot password" };
// Whether mail can be sent is the running server's configuration, not the build's.
export const dynamic = "force-dynamic";

export default function ForgotPasswordPage() {
  return (
    <div className="auth-card">
      <h1>Forgot your password?</h1>
      {mailConfigured() ? (
        <>
          <p className="auth-lead">Give the email you sign in with, and we mail you a link to choose a new password.</p>
          <ForgotPasswordForm />
        </>
      ) : (
        // No link could arrive; an operator can make one (npm run admin -- reset-link).
        <p className="auth-lead">This Formhouse has no mail server to send you a link. Ask the person who runs it for a reset link.</p>
      )}
      <p className="auth-switch">
        Remembered it? <Link href={SIGN_IN_PATH}>Sign in</Link>
      </p>
    </div>
  );
}
