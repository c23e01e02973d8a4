"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { AlertError } from "@/app/_components/alert-error";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { FORMS_PATH } from "@/lib/app-paths";
import { ROLE_LABELS, type OrganizationRole } from "@/lib/permissions";

export type OrganizationChoice = { id: number; name: string; role: OrganizationRole };

/**
 * The current organization's name; with more than one, a button that opens the list to switch
 * (a disclosure: Escape closes it, focus goes back to the button). Switching moves this
 * session (account.switchOrganization) and reloads the dashboard on the forms of the other one.
 */
export function OrganizationSwitcher({ currentId, organizations }: { currentId: number; organizations: OrganizationChoice[] }) {
  const trpc = useTRPC();
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const current = organizations.find((o) => o.id === currentId);
  const switchTo = useMutation(trpc.account.switchOrganization.mutationOptions({ onSuccess: () => window.location.assign(FORMS_PATH) }));
  useEffect(() => {
    if (!open) return;
    const close = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", close);
    return () => document.removeEventListener("keydown", close);
  }, [open]);
  const name = (
    <span className="account-org" data-testid="org-name" title={current?.name}>
      {current?.name}
    </span>
  );
  if (organizations.length < 2) return name;
  return (
    <div className="org-switcher">
      <button
        ref={button}
        type="button"
        className="org-switcher-button"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        onClick={() => setOpen((v) => !v)}
      >
        {name}
        <span className="visually-hidden"> (switch organization)</span>
        <span aria-hidden="true" className="org-switcher-caret">
          ▾
        </span>
      </button>
      {open && (
        <ul id={`${id}-list`} className="org-switcher-list" aria-label="Your organizations">
          {organizations.map((o) => (
            <li key={o.id}>
              <button
                type="button"
                className="org-switcher-item"
                aria-current={o.id === currentId ? "true" : undefined}
                disabled={switchTo.isPending}
                onClick={() => (o.id === currentId ? setOpen(false) : switchTo.mutate({ organizationId: o.id }))}
              >
                <span className="org-switcher-name">{o.name}</span>
                <span className="org-switcher-role">{ROLE_LABELS[o.role]}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <AlertError>{switchTo.isError ? errorMessage(switchTo.error) : null}</AlertError>
    </div>
  );
}
