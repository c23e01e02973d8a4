"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AlertError } from "@/app/_components/alert-error";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { EmptyState } from "./list-states";

type Where = { organizationId: number; organizationName: string } | null;

/**
 * A form the current organization does not have: when another organization of the user holds
 * it, "This form belongs to <Org>" with a button that switches there and opens the same page;
 * otherwise `notFound` (the page's own "not found").
 */
export function FormElsewhere({ form, notFound }: { form: string; notFound: ReactNode }) {
  const trpc = useTRPC();
  const where = useQuery(trpc.forms.whereIs.queryOptions({ form }, { retry: false }));
  return <Elsewhere what="form" where={where.isPending ? undefined : (where.data ?? null)} notFound={notFound} />;
}

/** The same for a submission's page (whose header already has its h1). */
export function SubmissionElsewhere({ id, notFound }: { id: string; notFound: ReactNode }) {
  const trpc = useTRPC();
  const where = useQuery(trpc.submissions.whereIs.queryOptions({ id }, { retry: false }));
  return <Elsewhere what="submission" where={where.isPending ? undefined : (where.data ?? null)} notFound={notFound} />;
}

/** `where` undefined: still asking; null: nowhere the user may switch to. */
function Elsewhere({ what, where, notFound }: { what: "form" | "submission"; where: Where | undefined; notFound: ReactNode }) {
  const trpc = useTRPC();
  const switchTo = useMutation(trpc.account.switchOrganization.mutationOptions({ onSuccess: () => window.location.reload() }));
  if (where === undefined) return null;
  if (!where) return notFound;
  const org = where.organizationName;
  return (
    <>
      {what === "form" && <h1 className="visually-hidden">Form in another organization</h1>}
      <EmptyState
        title={`This ${what} belongs to ${org}`}
        action={
          <button
            type="button"
            className="button button-primary"
            disabled={switchTo.isPending}
            onClick={() => switchTo.mutate({ organizationId: where.organizationId })}
          >
            {switchTo.isPending ? "Switching…" : `Switch to ${org}`}
          </button>
        }
      >
        You are working in another organization. Switch to {org} to open it.
      </EmptyState>
      <AlertError>{switchTo.isError ? errorMessage(switchTo.error) : null}</AlertError>
    </>
  );
}
