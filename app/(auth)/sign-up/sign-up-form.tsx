"use client";

import { SIGN_IN_PATH } from "@/lib/app-paths";
import { useMutation } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { AlertError } from "@/app/_components/alert-error";
import { TextField } from "@/app/_components/text-field";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/account-rules";

export function SignUpForm({ callbackUrl }: { callbackUrl: string }) {
  const trpc = useTRPC();
  const signUp = useMutation(trpc.account.signUp.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const pending = signUp.isPending || signingIn;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    setError(null);
    try {
      await signUp.mutateAsync({
        name: String(form.get("name") ?? ""),
        organizationName: String(form.get("organizationName") ?? "") || undefined,
        email,
        password,
      });
    } catch (err) {
      setError(errorMessage(err));
      return;
    }
    setSigningIn(true);
    const res = await signIn("credentials", { email, password, redirect: false }).catch(() => undefined);
    // Sign-up answers alike for a new and a taken email: signing in with the password given is
    // what tells them apart. If it failed, the sign-in page takes over and says why it may have.
    const why = res?.error === "CredentialsSignin" ? "SignUpNotSignedIn" : encodeURIComponent(res?.error ?? "");
    window.location.assign(res?.ok && !res.error ? callbackUrl : `${SIGN_IN_PATH}?error=${why}`);
  }

  return (
    <form className="stack" onSubmit={onSubmit}>
      <AlertError>{error}</AlertError>
      <TextField id="name" label="Your name" name="name" type="text" autoComplete="name" maxLength={MAX_NAME_LENGTH} required autoFocus />
      <TextField
        id="organizationName"
        label="Organization name"
        optional
        name="organizationName"
        type="text"
        autoComplete="organization"
        maxLength={MAX_NAME_LENGTH}
      />
      <TextField id="email" label="Email" name="email" type="email" autoComplete="email" maxLength={MAX_EMAIL_LENGTH} required />
      <TextField
        id="password"
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        required
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      />
      <button type="submit" className="button button-primary button-block" disabled={pending} aria-busy={pending}>
        {signingIn ? "Signing you in…" : signUp.isPending ? "Creating account…" : "Create account"}
      </button>
    </form>
  );
}
