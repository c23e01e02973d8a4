"use client";

import { SIGN_IN_PATH } from "@/lib/app-paths";
import { signOut } from "next-auth/react";
import { useState } from "react";

export function SignOutButton() {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      className="button button-ghost button-block"
      disabled={pending}
      aria-busy={pending}
      onClick={() => {
        setPending(true);
        // Clears the session cookie, then a full page load to the sign-in page.
        signOut({ callbackUrl: SIGN_IN_PATH }).catch(() => setPending(false));
      }}
    >
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
}
