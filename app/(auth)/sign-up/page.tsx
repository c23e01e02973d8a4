import { SIGN_IN_PATH } from "@/lib/app-paths";
import type { Metadata } from "next";
import Link from "next/link";
import { SignUpForm } from "./sign-up-form";

export const metadata: Metadata = { title: "Create an account" };

export default function SignUpPage() {
  return (
    <div className="auth-card">
      <h1>Create your account</h1>
      <p className="auth-lead">You get an organization of your own for your forms.</p>
      <SignUpForm />
      <p className="auth-switch">
        Already have an account? <Link href={SIGN_IN_PATH}>Sign in</Link>
      </p>
    </div>
  );
}
