"use client";

import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { AlertError } from "@/app/_components/alert-error";
import { TextField } from "@/app/_components/text-field";
import { signInErrorMessage } from "./messages";

export function SignInForm({ callbackUrl, initialError }: { callbackUrl: string; initialError: string | null }) {
  const [error, setError] = useState<string | null>(initialError ? signInErrorMessage(initialError) : null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      const res = await signIn("credentials", {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        redirect: false,
      });
      if (res?.ok && !res.error) {
        // A full page load: the dashboard renders with the new session and an empty cache.
        window.location.assign(callbackUrl);
        return;
      }
      setError(signInErrorMessage(res?.error ?? ""));
    } catch {
      setError(signInErrorMessage(""));
    }
    setPending(false);
  }

  return (
    <form className="stack" onSubmit={onSubmit}>
      <AlertError>{error}</AlertError>
      <TextField id="email" label="Email" name="email" type="email" autoComplete="email" required autoFocus />
      <TextField id="password" label="Password" name="password" type="password" autoComplete="current-password" required />
      <button type="submit" className="button button-primary button-block" disabled={pending} aria-busy={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
