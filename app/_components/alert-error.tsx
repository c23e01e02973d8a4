import type { ReactNode } from "react";

/** An error the page announces (role=alert); nothing while there is none. */
export function AlertError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p className="alert alert-error" role="alert">
      {children}
    </p>
  );
}
