"use client";

import { useMutation } from "@tanstack/react-query";
import { signIn, signOut } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { AlertError } from "@/app/_components/alert-error";
import { TextField } from "@/app/_components/text-field";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { FORMS_PATH, SIGN_IN_PATH } from "@/lib/app-paths";
import { MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/account-rules";

/** Signed out: the invited address (fixed) and its password, or a name and a new password for an address without an account. */
export function AcceptInvitation({ token, email, hasAccount }: { token: string; email: string; hasAccount: boolean }) {
  const trpc = useTRPC();
  const accept = useMutation(trpc.invitations.acceptWithPassword.mutationOptions());
  const switchTo = useMutation(trpc.account.switchOrganization.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const pending = accept.isPending || signingIn;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    setError(null);
    let joined;
    try {
      joined = await accept.mutateAsync({ token, password, name: String(form.get("name") ?? "") });
    } catch (err) {
      setError(errorMessage(err));
      return;
    }
    // Signed in the one way there is (next-auth's credentials flow), then into the organization joined.
    setSigningIn(true);
    const res = await signIn("credentials", { email: joined.email, password, redirect: false }).catch(() => undefined);
    if (!res?.ok || res.error) {
      window.location.assign(SIGN_IN_PATH);
      return;
    }
    await switchTo.mutateAsync({ organizationId: joined.organizationId }).catch(() => undefined);
    window.location.assign(FORMS_PATH);
  }

  return (
    <form className="stack" onSubmit={onSubmit}>
      <AlertError>{error}</AlertError>
      <TextField
        id="invite-email"
        label="Email"
        type="email"
        value={email}
        readOnly
        aria-readonly="true"
        hint="The invitation is for this address."
      />
      {!hasAccount && <TextField id="invite-name" label="Your name" name="name" autoComplete="name" maxLength={MAX_NAME_LENGTH} optional />}
      <TextField
        id="invite-password"
        label={hasAccount ? "Your password" : "Choose a password"}
        name="password"
        type="password"
        autoComplete={hasAccount ? "current-password" : "new-password"}
        minLength={MIN_PASSWORD_LENGTH}
        maxLength={MAX_PASSWORD_LENGTH}
        required
        autoFocus
        hint={hasAccount ? "This address has an account: sign in with its password." : `At least ${MIN_PASSWORD_LENGTH} characters.`}
      />
      <button type="submit" className="button button-primary button-block" disabled={pending} aria-busy={pending}>
        {signingIn ? "Signing you in…" : accept.isPending ? "Joining…" : hasAccount ? "Sign in and join" : "Create account and join"}
      </button>
    </form>
  );
}

/** Signed in as the invited address: one button. */
export function AcceptSignedIn({ token, organizationName }: { token: string; organizationName: string }) {
  const trpc = useTRPC();
  const accept = useMutation(trpc.invitations.accept.mutationOptions({ onSuccess: () => window.location.assign(FORMS_PATH) }));
  return (
    <div className="stack">
      <AlertError>{accept.isError ? errorMessage(accept.error) : null}</AlertError>
      <button
        type="button"
        className="button button-primary button-block"
        disabled={accept.isPending}
        aria-busy={accept.isPending}
        onClick={() => accept.mutate({ token })}
      >
        {accept.isPending ? "Joining…" : `Join ${organizationName}`}
      </button>
    </div>
  );
}

/** Signed in as another address: the invitation stays open; signing out comes back to this page. */
export function SignOutToAccept({ invited, signedInAs }: { invited: string; signedInAs: string }) {
  const [pending, setPending] = useState(false);
  return (
    <div className="stack">
      <p className="alert alert-error" role="alert" data-testid="invitation-other-account">
        This invitation is for {invited}, and you are signed in as {signedInAs}. Sign out, then open the link again.
      </p>
      <button
        type="button"
        className="button button-block"
        disabled={pending}
        onClick={() => {
          setPending(true);
          signOut({ callbackUrl: typeof window === "undefined" ? SIGN_IN_PATH : window.location.pathname }).catch(() => setPending(false));
        }}
      >
        {pending ? "Signing out…" : "Sign out"}
      </button>
    </div>
  );
}
