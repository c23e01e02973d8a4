"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { AlertError } from "@/app/_components/alert-error";
import { TextField } from "@/app/_components/text-field";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { ACCOUNT_LINK_MINUTES, MAX_EMAIL_LENGTH } from "@/lib/account-rules";

/** The same words whether or not an account uses the address: the page tells no one which addresses have accounts. */
const RESET_REQUESTED = `If an account uses this address, a reset link is on its way. It works for ${ACCOUNT_LINK_MINUTES} minutes.`;

export function ForgotPasswordForm() {
  const trpc = useTRPC();
  const request = useMutation(trpc.account.requestPasswordReset.mutationOptions());
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    try {
      await request.mutateAsync({ email: String(new FormData(event.currentTarget).get("email") ?? "") });
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  if (request.isSuccess) return <Requested />;
  return (
    <form className="stack" onSubmit={onSubmit}>
      <AlertError>{error}</AlertError>
      <TextField id="email" label="Email" name="email" type="email" autoComplete="email" maxLength={MAX_EMAIL_LENGTH} required autoFocus />
      <button type="submit" className="button button-primary button-block" disabled={request.isPending} aria-busy={request.isPending}>
        {request.isPending ? "Sending…" : "Send reset link"}
      </button>
    </form>
  );
}

/** Takes the focus the form's button had, so a keyboard or screen reader user is told and stays on the page. */
function Requested() {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p className="alert alert-success" role="status" tabIndex={-1} ref={ref}>
      {RESET_REQUESTED}
    </p>
  );
}
