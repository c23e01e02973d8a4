import { SIGN_IN_PATH } from "@/lib/app-paths";
import type { Metadata } from "next";
import Link from "next/link";
import { ForgotPasswordForm } from "./forgot-password-form";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <div className="auth-card">
      <h1>Forgot your password?</h1>
      <p className="auth-lead">Give the email you sign in with, and we mail you a link to choose a new password.</p>
      <ForgotPasswordForm />
      <p className="auth-switch">
        Remembered it? <Link href={SIGN_IN_PATH}>Sign in</Link>
      </p>
    </div>
  );
}
