"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AlertError } from "@/app/_components/alert-error";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { EmptyState } from "./list-states";

/**
 * A form the current organization does not have: when another organization of the user holds
 * it, "This form belongs to <Org>" with a button that switches there and opens the same page;
 * otherwise `notFound` (the page's own "not found").
 */
export function FormElsewhere({ form, notFound }: { form: string; notFound: ReactNode }) {
  const trpc = useTRPC();
  const where = useQuery(trpc.forms.whereIs.queryOptions({ form }, { retry: false }));
  const switchTo = useMutation(trpc.account.switchOrganization.mutationOptions({ onSuccess: () => window.location.reload() }));
  if (where.isPending) return null;
  if (!where.data) return notFound;
  const org = where.data.organizationName;
  return (
    <>
      <h1 className="visually-hidden">Form in another organization</h1>
      <EmptyState
        title={`This form belongs to ${org}`}
        action={
          <button
            type="button"
            className="button button-primary"
            disabled={switchTo.isPending}
            onClick={() => switchTo.mutate({ organizationId: where.data!.organizationId })}
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
