"use client";

import { FORMS_PATH, SIGN_IN_PATH } from "@/lib/app-paths";
import { useMutation } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { AlertError } from "@/app/_components/alert-error";
import { TextField } from "@/app/_components/text-field";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/account-rules";

export function ResetPasswordForm({ token }: { token: string }) {
  const trpc = useTRPC();
  const reset = useMutation(trpc.account.resetPassword.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const pending = reset.isPending || signingIn;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const newPassword = String(form.get("newPassword") ?? "");
    const same = newPassword === String(form.get("confirmPassword") ?? "");
    setError(null);
    setMismatch(!same);
    if (!same) {
      (event.currentTarget.elements.namedItem("confirmPassword") as HTMLInputElement | null)?.focus();
      return;
    }
    let email: string;
    try {
      ({ email } = await reset.mutateAsync({ token, newPassword }));
    } catch (err) {
      setError(errorMessage(err));
      return;
    }
    // Signed in the one way there is: next-auth's credentials flow, with the new password.
    setSigningIn(true);
    const res = await signIn("credentials", { email, password: newPassword, redirect: false }).catch(() => undefined);
    window.location.assign(res?.ok && !res.error ? FORMS_PATH : `${SIGN_IN_PATH}?error=PasswordResetNotSignedIn`);
  }

  return (
    <form className="stack" onSubmit={onSubmit}>
      <AlertError>{error}</AlertError>
      <TextField
        id="new-password"
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        maxLength={MAX_PASSWORD_LENGTH}
        required
        autoFocus
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      />
      <TextField
        id="confirm-password"
        label="Repeat the new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={mismatch ? "The two passwords are not the same" : undefined}
      />
      <button type="submit" className="button button-primary button-block" disabled={pending} aria-busy={pending}>
        {signingIn ? "Signing you in…" : reset.isPending ? "Saving…" : "Set new password"}
      </button>
    </form>
  );
}
